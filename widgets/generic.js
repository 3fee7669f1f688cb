// The generic board: draws any game's board model from the `state` trait (see
// bourbon_lab/widgets/generic_board.py) and plays a legal action by setting `action` and saving.
// Runs unchanged in anywidget (JupyterLab) and in Panel's AnyWidgetComponent; uses only
// `model.get/set/save_changes/on/off`, and never fetches anything.

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

const seats = (list) => list.map((s) => `P${s}`).join(", ");

function header(state) {
  const where = state.over ? `game over (${state.ended_by || "ended"})` : [state.phase, state.step].filter(Boolean).join(" · ");
  return h("header", { class: "bl-head" }, [
    h("b", { text: state.title || state.game || "Game" }),
    state.round !== null && state.round !== undefined ? h("span", { text: `Round ${state.round}` }) : null,
    h("span", { class: "bl-phase", "data-testid": "phase", text: where }),
  ]);
}

function decision(state) {
  const d = state.decision;
  if (!d) return h("section", { class: "bl-decision", "data-testid": "decision" }, [h("b", { text: "The game is over." })]);
  const lines = [h("b", { text: `P${d.actor} to act` }), h("span", { text: ` · ${d.step}` })];
  if (d.group && d.group.length) {
    lines.push(h("div", { class: "bl-note", text: `Commit group: ${seats(d.group)} still to choose; choices stay hidden until all have chosen.` }));
  }
  if (d.interrupt) {
    const owner = d.turn_owner === null || d.turn_owner === undefined ? "" : ` during P${d.turn_owner}'s turn`;
    lines.push(h("div", { class: "bl-note bl-interrupt", text: `Out of turn: ${d.interrupt}${owner}.` }));
  }
  return h("section", { class: "bl-decision", "data-testid": "decision" }, lines);
}

function actionPanel(state, play) {
  if (!state.actions || !state.actions.length) {
    const d = state.decision;
    const text = d ? `Waiting for ${seats(d.group && d.group.length ? d.group : [d.actor])}` : "No actions: the game is over.";
    return h("section", { class: "bl-actions" }, [h("div", { class: "bl-note", text })]);
  }
  const groups = state.actions.map((g) => h("div", { class: "bl-group" }, [
    h("span", { class: "bl-label", text: g.label }),
    ...g.actions.map((a) => h("button", { class: "bl-action", "data-action": a.text, onclick: () => play(a.text) }, a.text)),
  ]));
  const seat = state.hot_seat ? (state.decision ? state.decision.actor : state.viewer) : state.viewer;
  return h("section", { class: "bl-actions", "data-testid": "actions" }, [h("h3", { text: `Actions for P${seat}` }), ...groups]);
}

function rows(pairs, cls) {
  return h("table", { class: cls }, pairs.map(([name, value]) => h("tr", {}, [h("th", { text: name }), h("td", { text: value })])));
}

function playerPanel(p, state) {
  const me = p.seat === state.viewer && !state.hot_seat ? " (you)" : "";
  const parts = p.parts ? Object.entries(p.parts).map(([k, v]) => `${k} ${v}`).join(", ") : "";
  const score = p.score === undefined ? null : h("span", { class: "bl-score", title: parts ? `from ${parts}` : null, text: `score ${p.score}` });
  const rank = p.rank === undefined || !state.over ? null : h("span", { class: "bl-note", text: p.won ? "winner" : `rank ${p.rank}` });
  return h("section", { class: `bl-player${p.to_act ? " bl-to-act" : ""}`, "data-seat": p.seat }, [
    h("div", { class: "bl-player-head" }, [h("b", { text: `P${p.seat}${me}` }), score, rank]),
    parts ? h("div", { class: "bl-note", text: `points by source: ${parts}` }) : null,
    p.fields && p.fields.length ? rows(p.fields, "bl-fields") : null,
  ]);
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
  const pub = state.public && state.public.length ? h("section", { class: "bl-public" }, [h("h3", { text: "On the table" }), rows(state.public, "bl-fields")]) : null;
  root.append(
    header(state),
    h("div", { class: "bl-error", role: "alert", "data-testid": "error", hidden: !error, text: error || "" }),
    h("div", { class: "bl-main" }, [
      h("div", { class: "bl-left" }, [decision(state), actionPanel(state, play), pub, events(state)]),
      h("div", { class: "bl-players" }, state.players.map((p) => playerPanel(p, state))),
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
  box.textContent = `BoardView front-end error: ${err && err.stack ? err.stack : err}`;
}

function render({ model, el }) {
  const root = h("div", { class: "bl-board bl-generic" });
  el.classList.add("bl-host");
  el.append(root);
  function play(text) {
    root.classList.add("bl-busy");
    // A refusal repeating the last one changes no trait (no redraw), so the busy look must not wait for one.
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
