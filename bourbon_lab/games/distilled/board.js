// Distilled's board: draws the table from the `state` trait (market rows, truck, awards, each
// distillery's washback, warehouse, labels and score) and plays a legal action by setting `action`
// and saving. Runs unchanged in anywidget (JupyterLab) and Panel's AnyWidgetComponent; it fetches
// nothing and uses only `model.get/set/save_changes/on/off`.

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

const words = (s) => String(s).replace(/_/g, " ");

function chip(card) {
  if (!card) return h("span", { class: "dl-card dl-empty", text: "—" });
  const cls = `dl-card dl-${card.kind || "card"}${card.sugar ? ` dl-${card.sugar}` : ""}${card.premium ? " dl-premium" : ""}`;
  const cost = card.cost === null || card.cost === undefined ? "" : ` ·${card.cost}`;
  return h("span", { class: cls, "data-target": card.id, title: `${card.id} ${card.kind || ""}` }, `${card.name}${cost}`);
}

function zone(title, cards, extra) {
  return h("div", { class: "dl-zone" }, [h("span", { class: "dl-label", text: title }), ...cards.map(chip), extra || null]);
}

function header(state) {
  const d = state.decision;
  let who = "Game over";
  if (d && d.group.length) who = `Commit group (${words(d.step)}): ${d.group.map((p) => `P${p}`).join(", ")} still to choose`;
  else if (d) who = `P${d.actor} to act (${words(d.step)})`;
  return h("header", { class: "dl-head", "data-testid": "decision" }, [
    h("b", { text: `Round ${state.round} of ${state.rounds}` }),
    h("span", { class: "dl-phase", text: words(state.phase) }),
    h("span", { class: "dl-who", text: who }),
  ]);
}

function market(state) {
  const m = state.market;
  const rows = m.rows.map((r) => zone(`${words(r.row)} (deck ${r.deck})`, r.cards));
  const basic = h("div", { class: "dl-zone" }, [
    h("span", { class: "dl-label", text: "basic" }),
    ...m.basic.map((b) => h("span", { class: "dl-card dl-basic", text: `${words(b.name)} ×${b.left}` })),
  ]);
  const labels = Object.entries(m.labels_left).map(([r, n]) => `${words(r)} ${n}`).join(", ");
  return h("section", { class: "dl-market", "data-testid": "market" }, [
    h("h3", { text: "Market" }),
    ...rows,
    zone("truck", m.truck),
    basic,
    h("div", { class: "dl-note", text: `Labels left: ${labels || "unlimited"} · flavour deck ${m.flavour_deck}` }),
  ]);
}

function awards(state) {
  const items = state.awards.map((a) => {
    const won = a.won ? ` — won by ${a.won.players.map((p) => `P${p}`).join(", ")} in round ${a.won.round} (${a.won.sp} SP each)` : "";
    return h("li", { class: a.won ? "dl-won" : "", text: `${a.name}: ${a.sp} SP${won}` });
  });
  return h("section", { class: "dl-awards", "data-testid": "awards" }, [h("h3", { text: "Awards" }), h("ul", {}, items)]);
}

function spirit(s) {
  const barrel = s.barrel ? ` in ${s.barrel}` : "";
  const flav = s.aged ? ` · ${s.flavours} flavour${s.flavours === 1 ? "" : "s"} (face down)` : "";
  return h("li", { class: "dl-spirit", "data-target": s.id, text: `${s.id} ${s.recipe}${barrel}${flav}` });
}

function washback(w) {
  if (!w) return null;
  const slots = Object.entries(w).map(([slot, cards]) => h("div", { class: "dl-slot" }, [h("b", { text: `${slot}: ` }), cards.join(", ") || "empty"]));
  return h("div", { class: "dl-washback", "data-testid": "washback" }, [h("span", { class: "dl-label", text: "washback (yours, face down)" }), ...slots]);
}

function player(p, state) {
  const parts = Object.entries(p.sp_by_source).filter(([, v]) => v).map(([k, v]) => `${words(k)} ${v}`).join(", ");
  const flags = [p.to_act ? "to act" : null, p.committed ? "committed" : null, p.passed ? "passed" : null].filter(Boolean).join(" · ");
  const labels = h("ol", { class: "dl-labels" }, p.labels.map((l) => h("li", { class: l.recipe ? "dl-filled" : "", text: `${words(l.bonus)}${l.recipe ? `: ${words(l.recipe)}` : ""}` })));
  const cls = `dl-player${p.to_act ? " dl-to-act" : ""}${p.seat === state.viewer ? " dl-me" : ""}`;
  return h("section", { class: cls, "data-seat": p.seat }, [
    h("h4", { text: `P${p.seat} ${p.identity || "(identity hidden)"} — ${p.money} money, ${p.sp} SP` }),
    flags ? h("div", { class: "dl-note", text: flags }) : null,
    parts ? h("div", { class: "dl-note", text: `SP: ${parts}` }) : null,
    p.signature ? h("div", { class: "dl-note", text: `Signature: ${p.signature}; recipes: ${p.recipes.join(", ") || "none"}` }) : null,
    zone("pantry", p.pantry),
    zone("storeroom", p.storeroom),
    p.upgrades.length ? zone("upgrades", p.upgrades) : null,
    washback(p.washback),
    h("div", { class: "dl-label", text: `warehouse (${p.warehouse.length})` }),
    h("ul", { class: "dl-warehouse" }, p.warehouse.concat(p.pending).map(spirit)),
    h("div", { class: "dl-label", text: "label spaces" }),
    labels,
    p.goals ? h("div", { class: "dl-note", text: `Your goals: ${p.goals.map((g) => g.name).join("; ")}` }) : h("div", { class: "dl-note", text: `${p.goals_kept} goals (face down)` }),
  ]);
}

function actionPanel(state, play) {
  if (!state.actions.length) {
    const who = state.over ? "The game is over." : "Waiting for another seat.";
    return h("section", { class: "dl-actions" }, [h("div", { class: "dl-note", text: who })]);
  }
  const groups = state.actions.map((g) =>
    h("div", { class: "dl-group" }, [
      h("span", { class: "dl-label", text: g.label }),
      ...g.actions.map((a) => h("button", { class: "bl-action dl-action", "data-action": a.text, onclick: () => play(a.text) }, a.text)),
    ]),
  );
  return h("section", { class: "dl-actions", "data-testid": "actions" }, [h("h3", { text: "Your moves" }), ...groups]);
}

function events(state) {
  const items = (state.events || []).slice().reverse().map((e) => h("li", { class: `bl-ev dl-ev-${e.kind}`, text: e.text }));
  return h("section", { class: "dl-events" }, [h("h3", { text: "What happened" }), h("ol", {}, items)]);
}

function scores(state) {
  if (!state.over) return null;
  const text = state.scores.map((s) => `P${s.player}: ${s.score} SP (rank ${s.rank})`).join(" · ");
  return h("div", { class: "dl-scores", "data-testid": "scores", text: `Final: ${text}` });
}

// A card or spirit that exactly one legal action touches plays that action when clicked.
function clickable(root, state, play) {
  const by = new Map();
  for (const g of state.actions) for (const a of g.actions) for (const t of a.targets) by.set(t, (by.get(t) || []).concat(a.text));
  for (const node of root.querySelectorAll("[data-target]")) {
    const acts = by.get(node.getAttribute("data-target"));
    if (!acts) continue;
    node.classList.add("dl-target");
    node.title = acts.join(" | ");
    if (acts.length === 1) node.addEventListener("click", () => play(acts[0]));
  }
}

function draw(root, model, play) {
  const state = model.get("state") || {};
  const before = blTableSnapshot(root);
  if (blHandover(root, state, play, model.get("error"))) return;
  root.replaceChildren();
  if (!state.players) {
    root.append(h("div", { class: "dl-note", text: "No game yet." }));
    return;
  }
  const error = model.get("error");
  const parts = [
    header(state),
    h("div", { class: "bl-error dl-error", role: "alert", "data-testid": "error", hidden: !error, text: error || "" }),
    scores(state),
    h("div", { class: "dl-main" }, [
      h("div", { class: "dl-left" }, [actionPanel(state, play), market(state), awards(state), events(state)]),
      h("div", { class: "dl-players" }, state.players.map((p) => player(p, state))),
    ]),
  ];
  root.append(...parts.filter(Boolean));
  clickable(root, state, play);
  blTableAfter(root, state, before);
}

function render({ model, el }) {
  const root = h("div", { class: "dl-board" });
  el.append(root);
  const redraw = () => {
    try {
      draw(root, model, play);
    } catch (err) {
      root.replaceChildren(h("pre", { class: "bl-jserror", role: "alert", text: `Distilled board error: ${err && err.stack ? err.stack : err}` }));
    }
  };
  function play(text) {
    root.classList.add("dl-busy");
    model.set("action", text);
    model.save_changes();
  }
  const onState = () => {
    root.classList.remove("dl-busy");
    redraw();
  };
  model.on("change:state", onState);
  model.on("change:error", onState);
  redraw();
  return () => {
    model.off("change:state", onState);
    model.off("change:error", onState);
    root.remove();
  };
}

export default { render };
