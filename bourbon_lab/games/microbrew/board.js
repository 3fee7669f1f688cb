// Microbrew's board: the brewery with its brewers, each Copper as a grid of malt and hop tokens,
// bottles fermenting, thirsty customers and face-up recipes, from the `state` trait built by
// board.py beside this file. A click sets `action` and saves; every rule stays in Python, which
// refuses an illegal click with the rule's text in `error`. Runs in anywidget (JupyterLab) and in
// Panel's AnyWidgetComponent; uses only model.get/set/save_changes/on/off and fetches nothing.

function h(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const MALT = { L: "light", M: "medium", D: "dark", H: "hop", ".": "empty" };
const seats = (list) => list.map((s) => `P${s}`).join(", ");
const title = (word) => word.charAt(0).toUpperCase() + word.slice(1);

function chips(colours) {
  return h("span", { class: "mb-chips", title: colours }, [...colours].map((t) => h("i", { class: `mb-tok mb-${MALT[t] || "empty"}` })));
}

function header(state) {
  const where = state.over ? `game over (${(state.ended_by || "ended").replace("_", " ")})` : `${state.phase} · ${state.step}`;
  const tin = Object.entries(state.tin).map(([k, v]) => `${v} ${k}`).join(", ");
  return h("header", { class: "bl-head" }, [
    h("b", { text: "Microbrew" }),
    h("span", { text: `Round ${state.round}` }),
    h("span", { class: "bl-phase", "data-testid": "phase", text: where }),
    h("span", { class: "bl-note", text: `Brewmaster: ${title(state.brewmaster)}` }),
    h("span", { class: "bl-note", text: `tin ${tin}; decks: ${state.decks.customers} customers, ${state.decks.recipes} recipes` }),
    state.final_round ? h("span", { class: "mb-final", text: `last round: ${state.final_round}` }) : null,
  ]);
}

function decision(state) {
  const d = state.decision;
  if (!d) return h("section", { class: "bl-decision", "data-testid": "decision" }, [h("b", { text: "The game is over." })]);
  const lines = [h("b", { text: `P${d.actor} to act` }), h("span", { text: ` · ${d.step.replace("_", " ")}` })];
  if (d.group && d.group.length) lines.push(h("div", { class: "bl-note", text: `Commit group: ${seats(d.group)} still to choose; choices stay hidden until all have chosen.` }));
  if (d.interrupt) {
    const owner = d.turn_owner === null || d.turn_owner === undefined ? "" : ` during P${d.turn_owner}'s turn`;
    lines.push(h("div", { class: "bl-note bl-interrupt", text: `Out of turn: ${d.interrupt.replace("_", " ")}${owner}.` }));
  }
  return h("section", { class: "bl-decision", "data-testid": "decision" }, lines);
}

function brewery(state, play) {
  const jobs = state.brewery.map((j) => h("div", { class: `mb-job${j.brewmaster ? " mb-master" : ""}`, "data-job": j.job }, [
    h("span", { class: "mb-job-name", text: title(j.job) + (j.brewmaster ? " ★" : "") }),
    ...j.spaces.map((s) => h("button", {
      class: `mb-space${s.owner === null ? "" : ` mb-seat${s.owner}`}${s.legal ? " mb-legal" : ""}`,
      "data-space": `${j.job}.${s.space}`,
      "data-action": s.click,
      disabled: !s.click,
      title: s.click || `${j.job} space ${s.space}`,
      onclick: () => s.click && play(s.click),
    }, s.owner === null ? "·" : `P${s.owner}`)),
  ]));
  return h("section", { class: "mb-brewery", "data-testid": "brewery" }, [h("h3", { text: "The brewery (★ the Brewmaster's job)" }), h("div", { class: "mb-jobs" }, jobs)]);
}

function copper(p, play) {
  const rows = p.copper.map((line) => h("div", { class: "mb-row" }, line.map((cell) => h("button", {
    class: `mb-slot mb-${MALT[cell.token] || "empty"}${cell.side ? " mb-side" : ""}${cell.usable ? "" : " mb-closed"}${cell.moving ? " mb-moving" : ""}${cell.legal ? " mb-legal" : ""}`,
    "data-slot": cell.slot,
    "data-action": cell.click,
    disabled: !cell.click,
    title: `${cell.slot}: ${MALT[cell.token] || cell.token}${cell.side ? " (side tank)" : ""}`,
    onclick: () => cell.click && play(cell.click),
  }, cell.token === "H" ? "H" : ""))));
  return h("div", { class: "mb-copper", "data-testid": `copper-${p.seat}` }, rows);
}

function bottles(p) {
  if (!p.bottles.length) return h("div", { class: "bl-note", text: "No bottles." });
  return h("ul", { class: "mb-bottles" }, p.bottles.map((b) => h("li", { class: b.ready ? "mb-ready" : "" }, [
    `${b.recipe} `, chips(b.colours),
    b.ready ? " ready" : ` fermenting (${b.left.length} left)`,
    b.contaminant !== null ? h("span", { class: "mb-bad", text: " contaminated" }) : null,
  ])));
}

function playerPanel(p, state, play) {
  const me = p.seat === state.viewer && !state.hot_seat ? " (you)" : "";
  const rank = state.over ? h("span", { class: "bl-note", text: p.won ? "winner" : `rank ${p.rank}` }) : null;
  const hand = p.hand.map((r) => h("span", { class: `mb-card${r.secret ? " mb-secret" : ""}`, title: r.secret ? "face down: the others see only its flavour" : null }, [`${r.id} `, chips(r.colours), ` ${r.flavour}`]));
  const hidden = p.secret_flavours.length ? h("span", { class: "bl-note", text: ` + face down: ${p.secret_flavours.join(", ")}` }) : null;
  return h("section", { class: `bl-player${p.to_act ? " bl-to-act" : ""}`, "data-seat": p.seat }, [
    h("div", { class: "bl-player-head" }, [
      h("b", { class: `mb-seat${p.seat}`, text: `P${p.seat}${me}` }),
      h("span", { class: "bl-score", text: `${p.score} loyal` }),
      h("span", { text: `$${p.cash}` }),
      h("span", { text: `brewers ${p.ready} ready / ${p.brewers}` }),
      p.upgraded ? h("span", { class: "bl-note", text: "Copper upgraded" }) : null,
      rank,
    ]),
    copper(p, play),
    h("h4", { text: "Bottles" }), bottles(p),
    h("div", { class: "mb-line" }, [h("b", { text: "Loyal: " }), p.loyal.join(", ") || "none"]),
    h("div", { class: "mb-line" }, [h("b", { text: "Recipes: " }), ...hand, hidden]),
    p.reputations.length ? h("div", { class: "mb-line" }, [h("b", { text: "Reputations: " }), p.reputations.join(", ")]) : null,
  ]);
}

function table(state) {
  const customers = state.customers.map((c) => h("li", { class: c.asleep ? "mb-asleep" : "", "data-customer": c.id }, [
    `${c.id} `, chips(c.favourite), c.likes ? ` likes ${c.likes} (+$${c.bonus})` : "", c.asleep ? " (asleep)" : "",
  ]));
  const recipes = state.recipes.map((r) => h("li", { "data-recipe": r.id }, [`${r.id} `, chips(r.colours), ` ${r.flavour}`]));
  return h("section", { class: "mb-table" }, [
    h("h3", { text: "Thirsty customers" }), h("ul", {}, customers.length ? customers : [h("li", { text: "none" })]),
    h("h3", { text: "Recipes face up" }), h("ul", {}, recipes.length ? recipes : [h("li", { text: "none" })]),
    state.reputations.length ? h("div", { class: "bl-note", text: `Shared reputations: ${state.reputations.join(", ")}` }) : null,
  ]);
}

function actionPanel(state, play) {
  if (!state.actions || !state.actions.length) {
    const d = state.decision;
    const text = d ? `Waiting for ${seats(d.group && d.group.length ? d.group : [d.actor])}` : "No actions: the game is over.";
    return h("section", { class: "bl-actions" }, [h("div", { class: "bl-note", text })]);
  }
  const groups = state.actions.map((g) => h("div", { class: "bl-group" }, [
    h("span", { class: "bl-label", text: g.label }),
    ...g.actions.map((a) => h("button", { class: "bl-action", "data-action": a, onclick: () => play(a) }, a)),
  ]));
  return h("section", { class: "bl-actions", "data-testid": "actions" }, [h("h3", { text: "Legal moves" }), ...groups]);
}

function events(state) {
  const list = state.events || [];
  const items = list.slice().reverse().map((e) => h("li", { class: `bl-ev bl-ev-${e.kind}`, text: e.text }));
  return h("section", { class: "bl-events" }, [h("h3", { text: "What happened" }), h("ol", { reversed: true, start: list.length }, items)]);
}

function draw(root, model, play) {
  const state = model.get("state") || {};
  const before = blTableSnapshot(root);
  if (blHandover(root, state, play, model.get("error"))) return;
  root.replaceChildren();
  if (!state.players) {
    root.append(h("div", { class: "bl-note", text: "No game yet." }));
    return;
  }
  const error = model.get("error");
  root.append(
    header(state),
    h("div", { class: "bl-error", role: "alert", "data-testid": "error", hidden: !error, text: error || "" }),
    h("div", { class: "bl-main" }, [
      h("div", { class: "bl-left" }, [decision(state), actionPanel(state, play), brewery(state, play), table(state), events(state)]),
      h("div", { class: "bl-players" }, state.players.map((p) => playerPanel(p, state, play))),
    ]),
  );
  blTableAfter(root, state, before);
}

function showJsError(el, err) {
  let box = el.querySelector(":scope > .bl-jserror");
  if (!box) {
    box = h("pre", { class: "bl-jserror", role: "alert" });
    el.prepend(box);
  }
  box.textContent = `Microbrew board front-end error: ${err && err.stack ? err.stack : err}`;
}

function render({ model, el }) {
  const root = h("div", { class: "bl-board mb-board" });
  el.classList.add("bl-host");
  el.append(root);
  function play(text) {
    root.classList.add("bl-busy");
    // A refusal repeating the last one changes no trait, so the busy look must not wait for a change.
    setTimeout(() => root.classList.remove("bl-busy"), 1500);
    model.set("action", text);
    model.save_changes();
  }
  const redraw = () => {
    root.classList.remove("bl-busy");
    try {
      draw(root, model, play);
    } catch (err) {
      showJsError(el, err);
    }
  };
  model.on("change:state", redraw);
  model.on("change:error", redraw);
  redraw();
  return () => {
    model.off("change:state", redraw);
    model.off("change:error", redraw);
    root.remove();
  };
}

export default { render };
