// BoardView front end: draws the Bourbonomics table from the `state` trait and plays a
// legal action by setting `action` and saving. Runs unchanged in anywidget (JupyterLab)
// and in Panel's AnyWidgetComponent; uses only `model.get/set/save_changes/on/off`.

const ZONE_CLASS = { Low: "bl-zone-low", Mid: "bl-zone-mid", Hot: "bl-zone-hot" };

// One icon set, drawn inline (no font, no network): a shape per resource, in the text colour so
// it reads in any palette; every icon is shown with its name or quality beside it, never alone.
const SVG_HEAD = '<svg viewBox="0 0 16 16" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">';
const ICONS = {
  cask: '<path d="M4.5 1.5h7c1.6 4.3 1.6 8.7 0 13h-7c-1.6-4.3-1.6-8.7 0-13z"/><path d="M3.6 5h8.8M3.6 11h8.8"/>',
  corn: '<ellipse cx="8" cy="6.5" rx="3" ry="5" fill="currentColor" fill-opacity="0.25"/><path d="M6.5 3.5v6M9.5 3.5v6M5 7h6"/><path d="M8 15c-3-1-4.5-3.5-4.5-6M8 15c3-1 4.5-3.5 4.5-6"/>',
  rye: '<path d="M8 15V4"/><path d="M8 5l-2.5-2M8 8l-2.5-2M8 11l-2.5-2M8 5l2.5-2M8 8l2.5-2M8 11l2.5-2"/><path d="M8 4V1"/>',
  wheat: '<path d="M8 15V6"/><g fill="currentColor" stroke="none"><ellipse cx="6.1" cy="6" rx="1.1" ry="1.9" transform="rotate(-35 6.1 6)"/><ellipse cx="9.9" cy="6" rx="1.1" ry="1.9" transform="rotate(35 9.9 6)"/><ellipse cx="6.1" cy="10" rx="1.1" ry="1.9" transform="rotate(-35 6.1 10)"/><ellipse cx="9.9" cy="10" rx="1.1" ry="1.9" transform="rotate(35 9.9 10)"/><ellipse cx="8" cy="2.6" rx="1" ry="1.7"/></g>',
  barley: '<path d="M8 15V7c0-2 1-4 3-5.5"/><g fill="currentColor"><circle cx="9.3" cy="4.2" r="1.2"/><circle cx="8.6" cy="6.6" r="1.2"/><circle cx="8.2" cy="9" r="1.2"/></g><path d="M9.3 4.2L13.5 2M8.6 6.6l4.9-1.6M8.2 9l5.3-.8"/>',
  any: '<path d="M8 1.5v13M2.4 4.8l11.2 6.4M2.4 11.2l11.2-6.4"/>',
  capital: '<circle cx="8" cy="8" r="6.2"/><path d="M10 5.6c-.6-.7-1.3-.9-2-.9-1.2 0-2.1.7-2.1 1.6 0 2.3 4.3 1.1 4.3 3.5 0 1-.9 1.6-2.2 1.6-.9 0-1.7-.3-2.2-1M8 3.5v1.2M8 11.3v1.2"/>',
  prestige: '<path d="M8 1.8l1.9 4 4.3.5-3.2 3 .9 4.3L8 11.4l-3.9 2.2.9-4.3-3.2-3 4.3-.5z" fill="currentColor" fill-opacity="0.35"/>',
};

function icon(name) {
  const span = document.createElement("span");
  span.className = `bl-icon bl-icon-${ICONS[name] ? name : "any"}`;
  span.innerHTML = `${SVG_HEAD}${ICONS[name] || ICONS.any}</svg>`;  // constant markup, never game text
  return span;
}

const QUALITY_SHORT = { Common: "C", Uncommon: "U", Rare: "R", Epic: "E", Legendary: "L" };

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

function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
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
  const words = n <= 1 ? "the next card crashes the market" : `crash on the ${ordinal(n)} new card`;
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
      h("span", { class: "bl-prestige", title: "Prestige for the finish" }, [icon("prestige"), `${card.prestige}`]),
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
      icon(f),
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

// A department is two lines: name, level pips and number; then its Ultimate, if owned, on a line
// of its own so a long name ("Private Demand Card") wraps instead of running over the next label.
function department(d) {
  const pips = [];
  for (let i = 0; i <= d.top; i++) pips.push(h("span", { class: `bl-lvl${i <= d.level ? " bl-on" : ""}` }));
  const ult = d.ultimate ? h("span", { class: "bl-ult", title: `Ultimate: ${d.ultimate}`, text: d.ultimate }) : null;
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
  const grade = c.quality ? QUALITY_SHORT[c.quality] || c.quality : "?";
  return h("span", { class: cls, "data-target": c.id || undefined, title, "aria-label": title }, [
    icon(c.kind),
    h("small", { class: "bl-grade", text: grade }),
  ]);
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
      h("span", { class: "bl-capital", title: "Capital" }, [icon("capital"), h("span", { class: "bl-num", text: `${p.capital}` })]),
      h("span", { class: "bl-pres", title: "Prestige" }, [icon("prestige"), h("span", { class: "bl-num", text: `${p.prestige}` })]),
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

// Newest first, numbered in the order things happened (1 = the oldest shown), so a number never
// changes meaning as the list grows.
function events(state) {
  const items = state.events.slice().reverse().map((e) => h("li", { class: `bl-ev bl-ev-${e.kind}`, text: e.text }));
  return h("section", { class: "bl-events" }, [
    h("h3", { text: "What happened" }),
    h("ol", { reversed: true, start: state.events.length }, items),
  ]);
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
      h("div", { class: "bl-left" }, [market(state), dice(state), reveals(state), actionPanel(state, ui, play), events(state)]),
      h("div", { class: "bl-players" }, state.players.map((p) => player(p, state))),
    ]),
  );
  highlight(root, state, ui, play);
  blTableAfter(root, state, before);
}

function showJsError(el, err) {
  let box = el.querySelector(":scope > .bl-jserror");
  if (!box) {
    box = h("pre", { class: "bl-jserror", role: "alert" });
    el.prepend(box);
  }
  box.textContent = `BoardView front-end error: ${err && err.stack ? err.stack : err}`;
}

function render({ model, el }) {
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
    // A refusal repeating the last one changes no trait (no redraw), so the busy look must not wait for one.
    setTimeout(() => root.classList.remove("bl-busy"), 1500);
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
