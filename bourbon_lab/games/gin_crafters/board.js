// Gin Crafters board: draws the table from the `state` trait (bourbon_lab/games/gin_crafters/board.py)
// and plays a legal action by setting `action` and saving. Runs unchanged in anywidget (JupyterLab)
// and in Panel's AnyWidgetComponent; uses only `model.get/set/save_changes/on/off`; fetches nothing.

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

// A card drawn as a small tile; clickable when its action is legal now.
function card(c, state, play, extra = {}) {
  const legal = c.action && state.legal.includes(c.action);
  // A market card the seat cannot buy now is still clickable: the game answers with the rule it breaks.
  const text = legal ? c.action : state.legal.length && c.try ? c.try : null;
  const mark = legal ? " gc-legal" : text ? " gc-try" : "";
  const cls = `gc-card gc-${c.kind} gc-type-${(c.type || "").replace(/ /g, "-")}${mark}`;
  const attrs = { class: cls, "data-card": c.id, title: c.text || c.name, ...extra };
  if (text) {
    attrs["data-action"] = text;
    attrs.role = "button";
    attrs.tabindex = "0";
    attrs.onclick = () => play(text);
  }
  return h("div", attrs, [
    h("div", { class: "gc-card-name", text: c.name }),
    c.type ? h("div", { class: "gc-card-type", text: c.type }) : null,
    c.text ? h("div", { class: "gc-card-text", text: c.text }) : null,
    c.vp !== undefined && c.vp !== null ? h("div", { class: "gc-card-vp", text: `${c.vp} VP` }) : null,
  ]);
}

function header(state) {
  const d = state.decision;
  let who = "Game over";
  if (d) {
    who = `Turn of P${state.turn_owner} · ${plural(state.actions_left, "action")} left · ${d.step}`;
    if (d.actor !== state.turn_owner) who += ` · P${d.actor} answers (${d.interrupt || d.step})`;
    else if (d.interrupt) who += ` (${d.interrupt.replace(/_/g, " ")})`;
  }
  const final = state.final_until !== null && state.final_until !== undefined ? " · final turns" : "";
  return h("div", { class: "gc-head" }, [
    h("h3", { text: state.title }),
    h("span", { class: "gc-round", text: `Round ${state.round}${final}` }),
    h("span", { class: "gc-decision", "data-testid": "decision", text: who }),
    h("span", { class: "gc-viewer", text: state.hot_seat ? `hot seat: P${state.viewer}` : `you are P${state.viewer}` }),
  ]);
}

function markets(state, play) {
  return h(
    "section",
    { class: "gc-markets", "data-testid": "markets" },
    state.markets.map((m) =>
      h("div", { class: `gc-market gc-market-${m.kind}` }, [
        h("h4", { text: m.kind === "botanical" ? "Botanical market" : "Juniper berry market" }),
        h(
          "div",
          { class: "gc-row" },
          m.cards.map((c) =>
            h("div", { class: "gc-slot" }, [
              h("div", { class: "gc-price", text: `${c.position}: ${c.price} coin${c.price === 1 ? "" : "s"}` }),
              card(c, state, play),
            ]),
          ),
        ),
        m.refresh && state.legal.includes(m.refresh)
          ? h("button", { class: "gc-action", "data-action": m.refresh, onclick: () => play(m.refresh) }, [
              `Refresh (${plural(state.refresh[m.kind], "coin")})`,
            ])
          : h("span", { class: "gc-note", text: `refresh: ${plural(state.refresh[m.kind], "coin")}` }),
      ]),
    ),
  );
}

function track(state) {
  const end = state.track.end;
  const marks = state.track.bonuses;
  const lane = h("div", { class: "gc-track", "data-testid": "track" });
  for (const mark of marks.concat([end])) {
    lane.append(h("span", { class: "gc-mark", style: `left:${(100 * mark) / (end + 10)}%`, text: String(mark) }));
  }
  for (const p of state.players) {
    const left = (100 * Math.min(p.track, end + 10)) / (end + 10);
    lane.append(h("span", { class: `gc-pawn gc-seat-${p.seat}`, style: `left:${left}%;top:${13 + 11 * p.seat}px`, title: `P${p.seat}: ${p.track} VP`, text: `P${p.seat}` }));
  }
  return h("section", { class: "gc-track-box" }, [h("h4", { text: `VP track (end at ${end}, bonus Inspiration at ${marks.join(" and ")})` }), lane]);
}

// The score and its parts: the track (gin, juniper, key) and, once revealed, the brand cards on top of it.
function vpText(p, vp) {
  const parts = `gin ${vp.gin}, juniper ${vp.juniper}, key ${vp.key}`;
  if (!vp.brand) return `${p.track} VP (${parts})`;
  return `${p.track + vp.brand} VP (${parts}, brand ${vp.brand}; ${p.track} on the track)`;
}

function hand(state, play) {
  const gins = state.hand.gins.map((g) => {
    const tile = card(g, state, play);
    const borrow = (g.borrow || []).filter((a) => state.legal.includes(a));
    if (!borrow.length) return tile;
    return h("div", { class: "gc-with-borrow" }, [
      tile,
      ...borrow.map((a) => h("button", { class: "gc-action gc-borrow", "data-action": a, onclick: () => play(a), text: a.replace(/^distill \S+ /, "") })),
    ]);
  });
  const parts = [
    h("h4", { text: `Your hand (P${state.viewer})` }),
    h("div", { class: "gc-label", text: "Gin cards" }),
    h("div", { class: "gc-row", "data-testid": "hand-gins" }, gins.length ? gins : [h("span", { class: "gc-note", text: "none" })]),
    h("div", { class: "gc-label", text: "Brand cards (secret until the end)" }),
    h("div", { class: "gc-row" }, state.hand.brands.length ? state.hand.brands.map((b) => card(b, state, play)) : [h("span", { class: "gc-note", text: "none" })]),
  ];
  if (state.inspiration.length) {
    parts.push(h("div", { class: "gc-label", text: "Inspiration: keep one" }), h("div", { class: "gc-row" }, state.inspiration.map((c) => card(c, state, play))));
  }
  return h("section", { class: "gc-hand" }, parts);
}

function player(p, state, play) {
  const vp = p.vp;
  const cls = `gc-player${p.to_act ? " gc-to-act" : ""}${p.me ? " gc-me" : ""}`;
  const area = p.area.map((c) => card(c, state, play));
  return h("section", { class: cls, "data-seat": p.seat }, [
    h("h4", { text: `P${p.seat}${p.start ? " (start)" : ""}${p.turn ? " · turn" : ""}${p.to_act ? " · to act" : ""}` }),
    h("div", { class: "gc-stats", text: `${plural(p.coins, "coin")} · ${vpText(p, vp)} · hand ${p.hand_gins} gin, ${p.hand_brands} brand` }),
    h("div", { class: "gc-stats", text: `lent ${p.lent} · borrowed ${p.borrowed}${p.bonuses.length ? ` · bonuses at ${p.bonuses.join(", ")}` : ""}` }),
    h("div", { class: "gc-label", text: "Botanical area" }),
    h("div", { class: "gc-row gc-area" }, area.length ? area : [h("span", { class: "gc-note", text: "empty" })]),
    h("div", { class: "gc-label", text: "Distilled gins" }),
    h("div", { class: "gc-row gc-distilled" }, p.distilled.length ? p.distilled.map((c) => card(c, state, play)) : [h("span", { class: "gc-note", text: "none yet" })]),
  ]);
}

function actionPanel(state, play) {
  if (!state.legal.length) {
    const why = state.over ? "The game is over." : "Waiting for the other seats…";
    return h("section", { class: "gc-actions" }, [h("h4", { text: "Your move" }), h("span", { class: "gc-note", text: why })]);
  }
  return h("section", { class: "gc-actions", "data-testid": "actions" }, [
    h("h4", { text: "Your move" }),
    ...state.actions.map((g) =>
      h("div", { class: "gc-group" }, [
        h("span", { class: "gc-label", text: g.kind }),
        ...g.actions.map((a) => h("button", { class: "gc-action", "data-action": a, onclick: () => play(a), text: a })),
      ]),
    ),
  ]);
}

function scores(state) {
  if (!state.scores) return null;
  return h("section", { class: "gc-scores", "data-testid": "scores" }, [
    h("h4", { text: `Final scores (${(state.ended_by || "").replace(/_/g, " ")})` }),
    h("ol", {}, state.scores.map((r) => h("li", { text: `P${r.player}: ${r.score} VP${r.won ? " — winner" : ""}` }))),
  ]);
}

function events(state) {
  const items = (state.events || []).slice().reverse().map((e) => h("li", { class: `bl-ev gc-ev-${e.kind}`, text: e.text }));
  return h("section", { class: "gc-events" }, [h("h4", { text: "What happened" }), h("ol", { reversed: true, start: items.length }, items)]);
}

function draw(root, model, play) {
  const state = model.get("state") || {};
  const before = blTableSnapshot(root);
  if (blHandover(root, state, play, model.get("error"))) return;
  root.replaceChildren();
  if (!state.players) {
    root.append(h("div", { class: "gc-note", text: "No game yet." }));
    return;
  }
  state.legal = state.legal || [];
  const error = model.get("error");
  root.append(
    header(state),
    h("div", { class: "gc-error bl-error", role: "alert", "data-testid": "error", hidden: !error, text: error || "" }),
    h("div", { class: "gc-main" }, [
      h("div", { class: "gc-left" }, [markets(state, play), track(state), hand(state, play), actionPanel(state, play), scores(state), events(state)]),
      h("div", { class: "gc-players" }, state.players.map((p) => player(p, state, play))),
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
  box.textContent = `Gin Crafters board front-end error: ${err && err.stack ? err.stack : err}`;
}

function render({ model, el }) {
  const root = h("div", { class: "gc-board" });
  el.append(root);
  function play(text) {
    root.classList.add("gc-busy");
    // A refusal repeating the last one changes no trait, so the busy look must not wait for a change.
    setTimeout(() => root.classList.remove("gc-busy"), 1500);
    model.set("action", text);
    model.save_changes();
  }
  const redraw = () => {
    try {
      draw(root, model, play);
    } catch (err) {
      showJsError(el, err);
    }
  };
  const onChange = () => {
    root.classList.remove("gc-busy");
    redraw();
  };
  model.on("change:state", onChange);
  model.on("change:error", onChange);
  redraw();
  return () => {
    model.off("change:state", onChange);
    model.off("change:error", onChange);
    root.remove();
  };
}

export default { render };
