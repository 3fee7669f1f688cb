// The table around every board (bourbon_lab prepends this to a board's own ESM): the pass-and-play
// hand-over screen, the last bot move in words with what it changed lit up, and a person's
// "since your last turn" summary. A board's draw() calls blTableSnapshot, blHandover and blTableAfter.
// Python decides everything: during a hand-over `state` holds nothing of any seat's, so nothing leaks.

function blEl(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Every leaf element of the board by its place (tag, seat, class, index), to light up what a move changed.
function blLeaves(root) {
  const leaves = new Map();
  const walk = (node, key) => {
    const kids = Array.from(node.children).filter((c) => !c.classList.contains("bl-table-note"));
    if (!kids.length) {
      leaves.set(key, node);
      return;
    }
    const seen = {};
    for (const kid of kids) {
      const name = `${kid.tagName}.${kid.getAttribute("data-seat") || ""}.${kid.className}`;
      seen[name] = (seen[name] || 0) + 1;
      walk(kid, `${key}/${name}#${seen[name]}`);
    }
  };
  walk(root, "");
  return leaves;
}

function blTableSnapshot(root) {
  const texts = new Map();
  for (const [key, node] of blLeaves(root)) texts.set(key, node.textContent);
  return texts;
}

// How far the game the board draws has got (its log's length), so a page can tell a new drawing from the last.
function blMark(root, state) {
  const step = state && state.seating ? state.seating.step : undefined;
  if (step === undefined) root.removeAttribute("data-step");
  else root.setAttribute("data-step", String(step));
}

// The hand-over screen: whose turn, the tap button (none while the bots open the game) and the bots'
// last move as every seat may read it. Python sends nothing else on this screen.
function blHandover(root, state, play, error) {
  const ho = state && state.handover;
  blMark(root, state);
  if (!ho) return false;
  root.replaceChildren();
  const box = blEl("section", "bl-handover");
  box.setAttribute("data-testid", "handover");
  box.append(blEl("h2", "bl-handover-title", ho.text));
  box.append(blEl("p", "bl-handover-note", ho.note || `Round ${ho.round}.`));
  if (error) box.append(blEl("div", "bl-error", error));
  if (ho.action) {
    const button = blEl("button", "bl-handover-button", ho.button);
    button.setAttribute("data-testid", "handover-button");
    button.addEventListener("click", () => play(ho.action));
    box.append(button);
  }
  const table = state.seating;
  root.classList.toggle("bl-moving", !!(table && table.moving));
  root.append(box);
  if (table && table.last && table.last.lines.length) root.append(blLastMove(table));
  return true;
}

function blLastMove(table) {
  const seat = table.last.seat;
  const bot = seat !== null && table.bots && table.bots[String(seat)];
  const title = bot ? `P${seat} (${bot}) just played` : "Just played";
  return blLines("bl-last-move", title, table.last.lines, "last-move");
}

function blLines(cls, title, lines, testid) {
  const box = blEl("section", `bl-table-note ${cls}`);
  box.setAttribute("data-testid", testid);
  box.append(blEl("h3", "", title));
  const list = blEl("ul");
  for (const line of lines) list.append(blEl("li", "", line));
  box.append(list);
  return box;
}

function blTableAfter(root, state, before) {
  const table = state && state.seating;
  if (!table) return;
  root.classList.toggle("bl-moving", !!table.moving);
  if (table.since && table.since.lines.length) {
    root.prepend(blLines("bl-since", table.since.title, table.since.lines, "since"));
  }
  if (table.last && table.last.lines.length) {
    root.prepend(blLastMove(table));
    if (before && before.size) {
      for (const [key, node] of blLeaves(root)) {
        if (before.has(key) && before.get(key) !== node.textContent && !key.includes("bl-ev")) node.classList.add("bl-changed");
      }
    }
  }
}
