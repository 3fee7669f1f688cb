// BoardView front end: draws the Bourbonomics table from the `state` trait and plays a
// legal action by setting `action` and saving. Runs unchanged in anywidget (JupyterLab)
// and in Panel's AnyWidgetComponent; uses only `model.get/set/save_changes/on/off`.

const ZONE_CLASS = { Low: "bl-zone-low", Mid: "bl-zone-mid", Hot: "bl-zone-hot" };
const FACE_ICON = { cask: "🛢", corn: "🌽", rye: "R", wheat: "W", barley: "B", any: "✱" };

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

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// --- the market ---------------------------------------------------------------

function zoneBadge(state) {
  const cls = `bl-zone ${ZONE_CLASS[state.zone] || ""}`;
  return h("span", { class: cls, "data-testid": "zone", text: `${state.zone} ×${state.multiplier}` });
}

function crashMeter(state) {
  const boxes = [];
  for (let i = 1; i < state.crash_size; i++) {
    const zone = i >= state.hot_from ? "hot" : i >= state.mid_from ? "mid" : "low";
    const on = i <= state.table_size ? " bl-on" : "";
    boxes.push(h("span", { class: `bl-pip bl-pip-${zone}${on}`, title: `${i} cards: ${zone}` }));
  }
  const n = state.crash_in;
  const words = n <= 1 ? "the next card crashes the market" : `crash on the ${n}th new card`;
  return h("div", { class: "bl-crash", "data-testid": "crash" }, [
    h("span", { class: "bl-pips" }, boxes),
    h("span", { class: "bl-crash-text", text: `${plural(state.table_size, "card")} · ${words}` }),
  ]);
}

function slotRow(card) {
  const slots = [];
  for (let i = 0; i < card.slots; i++) {
    const who = card.fillers[i];
    const attrs = { class: `bl-slot${i < card.filled ? " bl-filled" : ""}` };
    if (who !== undefined) attrs.title = `filled by P${who}`;
    slots.push(h("span", attrs, who !== undefined ? String(who) : ""));
  }
  return h("div", { class: "bl-slots" }, slots);
}

function orderCard(card, extraClass = "", target = card.id) {
  const req = h("div", { class: `bl-req bl-q-${card.min_colour}`, text: card.requirement });
  return h("div", { class: `bl-card ${card.open ? "bl-open" : "bl-gated"} ${extraClass}`, "data-target": target }, [
    h("div", { class: "bl-card-head" }, [
      h("span", { class: "bl-card-id", text: card.id }),
      h("span", { class: "bl-prestige", title: "Prestige for the finish", text: `★${card.prestige}` }),
    ]),
    h("div", { class: "bl-card-name", text: card.name }),
    req,
    card.slots ? h("div", { class: "bl-fill", text: `${card.filled}/${card.slots} slots` }) : null,
    card.slots ? slotRow(card) : null,
  ]);
}

function market(state) {
  const cards = state.table.map((c) => orderCard(c));
  return h("section", { class: "bl-market" }, [
    h("div", { class: "bl-market-head" }, [h("h3", { text: "Market" }), zoneBadge(state), crashMeter(state)]),
    h("div", { class: "bl-cards", "data-testid": "market" }, cards),
  ]);
}

// --- dice and reveals -----------------------------------------------------------

function dice(state) {
  if (!state.dice.length && !state.inherited.length) return null;
  const chosen = state.selected.slice();
  const faces = state.dice.map((f) => {
    const k = chosen.indexOf(f);
    const sel = k >= 0;
    if (sel) chosen.splice(k, 1);
    return h("span", { class: `bl-die${sel ? " bl-selected" : ""}`, "data-target": f, title: f }, [
      h("b", { text: FACE_ICON[f] || "?" }),
      h("small", { text: f }),
    ]);
  });
  const inherited = state.inherited.length ? h("span", { class: "bl-note", text: `passed on: ${state.inherited.join(", ")}` }) : null;
  return h("section", { class: "bl-dice" }, [h("h3", { text: "Dice on the table" }), h("div", { class: "bl-dice-row" }, faces), inherited]);
}

function reveals(state) {
  const parts = [];
  if (Array.isArray(state.revealed_bills) && state.revealed_bills.length) {
    parts.push(h("div", { class: "bl-reveal" }, [
      h("h4", { text: "Mash bills drawn" }),
      ...state.revealed_bills.map((b) => h("div", { class: "bl-bill", "data-target": b.id }, [
        h("b", { text: `${b.id} ${b.name}` }),
        h("span", { text: ` ${b.tags.join("+")} · prime ${b.prime[0]}–${b.prime[1]} · ` }),
        h("span", { text: Object.entries(b.recipe).map(([k, n]) => `${n} ${k}`).join(", ") }),
      ])),
    ]));
  }
  if (Array.isArray(state.demand_reveal) && state.demand_reveal.length) {
    parts.push(h("div", { class: "bl-reveal" }, [
      h("h4", { text: "Demand cards to pick from" }),
      h("div", { class: "bl-cards" }, state.demand_reveal.map((c) => orderCard(c, "bl-choice"))),
    ]));
  }
  return parts.length ? h("section", { class: "bl-reveals" }, parts) : null;
}

// --- players ----------------------------------------------------------------------

function department(d) {
  const pips = [];
  for (let i = 0; i <= d.top; i++) pips.push(h("span", { class: `bl-lvl${i <= d.level ? " bl-on" : ""}` }));
  const ult = d.ultimate ? h("span", { class: "bl-ult", text: d.ultimate }) : null;
  return h("div", { class: "bl-dept", "data-target": d.name, title: `Ultimates: ${d.ultimates.join(", ")}` }, [
    h("span", { class: "bl-dept-name", text: d.label }),
    h("span", { class: "bl-lvls" }, pips),
    h("span", { class: "bl-dept-num", text: d.number }),
    ult,
  ]);
}

function resource(c) {
  const cls = `bl-res ${c.colour ? `bl-q-${c.colour}` : "bl-hidden"}`;
  const title = c.quality ? `${c.kind} (${c.quality})` : `${c.kind} (quality hidden)`;
  return h("span", { class: cls, "data-target": c.id || undefined, title }, FACE_ICON[c.kind] || c.kind);
}

function barrel(b) {
  if (!b.built) {
    const need = Object.entries(b.recipe).map(([k, n]) => `${n} ${k}`).join(", ");
    return h("div", { class: "bl-barrel bl-resting", "data-target": b.id, title: `recipe: ${need}` }, [
      h("div", { class: "bl-barrel-id", text: `${b.id} · ${b.bill}` }),
      h("div", { class: "bl-barrel-line", text: `resting · ${b.tags.join("+")}` }),
      h("div", { class: "bl-staged" }, b.staged.map(resource)),
    ]);
  }
  const title = `${b.quality} · value ${b.value} now (${b.band})`;
  return h("div", { class: `bl-barrel bl-built bl-q-${b.colour} bl-band-${b.band}`, "data-target": b.id, title }, [
    h("div", { class: "bl-barrel-id", text: `${b.id} · ${b.quality}` }),
    h("div", { class: "bl-barrel-line", text: `age ${b.age} · prime ${b.prime[0]}–${b.prime[1]}` }),
    h("div", { class: "bl-barrel-line", text: `${plural(b.sales_left, "sale")} left · ${b.tags.join("+")}` }),
  ]);
}

function player(p, state) {
  const me = p.seat === state.viewer && !state.hot_seat ? " (you)" : "";
  const cls = `bl-player${p.to_act ? " bl-to-act" : ""}`;
  return h("section", { class: cls, "data-seat": p.seat }, [
    h("div", { class: "bl-player-head" }, [
      h("b", { text: `P${p.seat}${me} · ${p.distillery}` }),
      h("span", { class: "bl-capital", title: "Capital", text: `${p.capital}` }),
      h("span", { class: "bl-pres", title: "Prestige", text: `★${p.prestige}` }),
      h("span", { class: "bl-orders", text: `${plural(p.orders, "order")}` }),
    ]),
    h("div", { class: "bl-depts" }, p.departments.map(department)),
    h("div", { class: "bl-note", text: `next upgrade costs ${p.next_upgrade_cost}` }),
    h("div", { class: "bl-row" }, [h("span", { class: "bl-label", text: "Warehouse" }), h("span", { class: "bl-warehouse" }, p.warehouse.map(resource))]),
    h("div", { class: "bl-rickhouse" }, p.barrels.map(barrel)),
    p.private ? h("div", { class: "bl-private" }, [h("span", { class: "bl-label", text: "Private card" }), orderCard(p.private, "bl-private-card", "private")]) : null,
    p.completed.length ? h("div", { class: "bl-note", text: `completed: ${p.completed.join(", ")}` }) : null,
  ]);
}

// --- actions, events, messages --------------------------------------------------------

function actionPanel(state, ui, play) {
  if (!state.actions.length) {
    const who = state.current_player === null ? "Game over" : `Waiting for P${state.current_player}`;
    return h("section", { class: "bl-actions" }, [h("div", { class: "bl-note", text: who })]);
  }
  const groups = state.actions.map((g) => {
    const acts = g.actions.filter((a) => !ui.target || a.targets.includes(ui.target));
    if (!acts.length) return null;
    const buttons = acts.map((a) => h("button", { class: "bl-action", "data-action": a.text, onclick: () => play(a.text) }, a.text));
    return h("div", { class: "bl-group" }, [h("span", { class: "bl-label", text: g.label }), ...buttons]);
  });
  const clear = ui.target ? h("button", { class: "bl-clear", onclick: () => ui.setTarget(null), text: `showing actions on ${ui.target} · show all` }) : null;
  return h("section", { class: "bl-actions", "data-testid": "actions" }, [h("h3", { text: `P${state.current_player} to act` }), clear, ...groups]);
}

function events(state) {
  const items = state.events.slice().reverse().map((e) => h("li", { class: `bl-ev bl-ev-${e.kind}`, text: e.text }));
  return h("section", { class: "bl-events" }, [h("h3", { text: "What happened" }), h("ol", {}, items)]);
}

function header(state) {
  const phase = state.phase === "over" ? `game over (${state.ended_by})` : `${state.phase} · ${state.step}`;
  return h("header", { class: "bl-head" }, [
    h("b", { text: `Round ${state.round}` }),
    h("span", { class: "bl-phase", text: phase }),
    state.scores ? h("span", { class: "bl-note", text: state.scores.map((s) => `P${s.player}: ${s.score}`).join(" · ") }) : null,
  ]);
}

function targetsOf(state) {
  const counts = new Map();
  for (const g of state.actions) for (const a of g.actions) for (const t of a.targets) counts.set(t, (counts.get(t) || []).concat(a.text));
  return counts;
}

function highlight(root, state, ui, play) {
  const targets = targetsOf(state);
  for (const node of root.querySelectorAll("[data-target]")) {
    const acts = targets.get(node.getAttribute("data-target"));
    const owner = node.closest(".bl-player");
    if (!acts || (owner && !owner.classList.contains("bl-to-act"))) continue;
    node.classList.add("bl-target");
    if (ui.target === node.getAttribute("data-target")) node.classList.add("bl-focus");
    node.addEventListener("click", (ev) => {
      ev.stopPropagation();
      if (acts.length === 1) play(acts[0]);
      else ui.setTarget(node.getAttribute("data-target"));
    });
  }
}

function draw(root, model, ui, play) {
  const state = model.get("state") || {};
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
      h("div", { class: "bl-left" }, [market(state), dice(state), reveals(state), actionPanel(state, ui, play), events(state)]),
      h("div", { class: "bl-players" }, state.players.map((p) => player(p, state))),
    ]),
  );
  highlight(root, state, ui, play);
}

function showJsError(el, err) {
  let box = el.querySelector(":scope > .bl-jserror");
  if (!box) {
    box = h("pre", { class: "bl-jserror", role: "alert" });
    el.prepend(box);
  }
  box.textContent = `BoardView front-end error: ${err && err.stack ? err.stack : err}`;
}

export function render({ model, el }) {
  const root = h("div", { class: "bl-board" });
  el.classList.add("bl-host");
  el.append(root);
  const ui = { target: null };
  const safe = (fn) => (...args) => {
    try {
      fn(...args);
    } catch (err) {
      showJsError(el, err);
    }
  };
  const redraw = safe(() => draw(root, model, ui, play));
  function play(text) {
    ui.target = null;
    root.classList.add("bl-busy");
    model.set("action", text);
    model.save_changes();
  }
  ui.setTarget = (t) => {
    ui.target = t;
    redraw();
  };
  const onState = () => {
    root.classList.remove("bl-busy");
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
