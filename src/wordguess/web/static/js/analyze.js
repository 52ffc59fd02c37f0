// The analysis page: a pasted game, the per-move table and a chart of the expected guesses to
// finish after each move, the one played against the best.
import { call, said } from "./api.js";
import { $, el, say, tileRow } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

// A line chart of the series {turn, played, best}: values are expected guesses to finish.
export function chart(series) {
  const width = 480, height = 220, left = 44, right = 34, top = 16, bottom = 36;
  const values = series.flatMap((p) => [p.played, p.best]).filter((v) => v !== null);
  const high = Math.max(1, Math.ceil(Math.max(...values, 1)));
  const x = (t) => left + (series.length === 1 ? (width - left - right) / 2 : (t - 1) * (width - left - right) / (series.length - 1));
  const y = (v) => top + (1 - v / high) * (height - top - bottom);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img",
    "aria-label": "Expected guesses to finish after each move: " + series.map((p) => `move ${p.turn}: yours ${p.played?.toFixed(2)}, best ${p.best?.toFixed(2)}`).join("; ") });
  root.append(svg("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), class: "axis" }),
    svg("line", { x1: left, y1: top, x2: left, y2: y(0), class: "axis" }));
  for (let v = 0; v <= high; v++) root.append(svg("text", { x: left - 8, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  for (const p of series) root.append(svg("text", { x: x(p.turn), y: height - 14, "text-anchor": "middle" }, `move ${p.turn}`));
  for (const kind of ["best", "played"]) {
    const points = series.filter((p) => p[kind] !== null).map((p) => `${x(p.turn)},${y(p[kind])}`);
    root.append(svg("polyline", { points: points.join(" "), class: kind }));
    for (const p of series.filter((q) => q[kind] !== null)) root.append(svg("circle", { cx: x(p.turn), cy: y(p[kind]), r: 4, class: kind }));
  }
  root.append(svg("text", { x: width - right, y: top + 4, "text-anchor": "end" }, "— yours   - - best"));
  return root;
}

const COLUMNS = ["#", "guess", "left", "played", "best", "best is", "regret", "skill", "luck"];

// The rows of a move table: each cell names its column, so a phone stacks a move's cells as
// labelled pairs (app.css).
function moveRows(moves) {
  return moves.map((m) => {
    const row = el("tr", {}, el("td", { text: m.turn }), el("td", {}, m.marks ? tileRow(m.display, m.marks, true) : `${m.display} ${m.reply}`),
      el("td", { text: `${m.candidates_before.toLocaleString("en")}→${m.candidates_after.toLocaleString("en")}` }),
      el("td", { class: "num", text: m.played_text }), el("td", { class: "num", text: m.best_text }),
      el("td", { text: m.best_display }), el("td", { class: "num", text: m.regret_text }),
      el("td", { class: "num", text: m.skill_text }),
      el("td", { class: "num", text: m.luck + (m.luck_by === "guesses" ? "" : "*"), title: m.luck_words }));
    [...row.cells].forEach((cell, i) => cell.setAttribute("data-label", COLUMNS[i]));
    return row;
  });
}

const CAPTION = "Expected guesses to finish from each move's position, the move included: with your guess and with the best (before the reply came)";

function draw(data) {
  $("#analyze-table tbody").replaceChildren(...moveRows(data.moves));
  $("#analyze-moves").replaceChildren(...data.moves.map((m) => el("li", { text: m.sentence })));
  $("#analyze-legend").replaceChildren(...data.legend.map((line) => el("li", { text: line })));
  const kind = data.kind === "exact" ? "Exact values (closed world)" : "Estimates (open world)";
  const optimal = data.optimal_guesses === null ? "" :
    `; the best play (opening ${data.optimal_opener.toUpperCase()}) needed ${data.optimal_guesses}, you ${data.guesses}`;
  const game = data.summary;
  const strategy = game.strategy_guesses === null ? "" :
    `; the ${game.strategy} strategy, the default, needed ${game.strategy_guesses}`;
  $("#analyze-summary").textContent = `${data.solved ? "Solved" : "Not solved"}${data.secret ? ": " + data.secret.toUpperCase() : ""}; ` +
    `skill ${game.skill} of 99, luck ${game.luck} of 99${strategy}; ` +
    `${regretWords(data)}${optimal}. ${kind}, ${data.seconds.toFixed(1)} s.`;
  $("#analyze-chart").replaceChildren(chart(data.chart));
  $("#analyze-game").hidden = false;
  $("#analyze-boards").replaceChildren();
  $("#analyze-result").hidden = false;
}

// A game of several boards: a summary of the game, then each board's moves as a game of its own.
function drawBoards(data) {
  const kind = data.world === "closed" ? "Exact values where proven (closed world)" : "Estimates (open world)";
  const strategy = data.strategy_guesses === null ? "" :
    `; the ${data.strategy} strategy (opening ${data.strategy_opener.toUpperCase()}) needed ${data.strategy_guesses} on these words`;
  const outcome = !data.finished ? `Not finished: ${data.guesses} of ${data.max_guesses} guesses played` :
    `${data.won ? "Won" : "Lost"} in ${data.guesses} of ${data.max_guesses} guesses`;
  $("#analyze-summary").textContent = `${outcome}${strategy}. ` +
    `${kind}, ${data.seconds.toFixed(1)} s.`;
  $("#analyze-boards").replaceChildren(...data.boards.map((board) => {
    const solvedAt = data.turns.findIndex((t) => t.marks[board.board - 1] && !/[^G]/.test(t.marks[board.board - 1])) + 1;
    const title = `Board ${board.board}${board.secret ? " · " + board.secret.toUpperCase() : ""}: ` +
      (board.solved ? `solved at guess ${solvedAt}` : "not solved") + `, ${regretWords(board, "")}`;
    const id = `analyze-board-${board.board}`;
    return el("section", { class: "board-analysis", "aria-labelledby": id },
      el("h3", { id, text: title }),
      el("div", { class: "scroll" }, el("table", { class: "data analysis-table" },
        el("thead", {}, el("tr", {}, ...COLUMNS.map((c) => el("th", { text: c })))), el("tbody", {}, ...moveRows(board.moves)))),
      el("ol", { class: "sentences", "aria-label": `Board ${board.board}'s moves in words` }, ...board.moves.map((m) => el("li", { text: m.sentence }))),
      el("figure", {}, el("figcaption", { text: CAPTION }), chart(board.chart)));
  }));
  $("#analyze-legend").replaceChildren(...data.legend.map((line) => el("li", { text: line })));
  $("#analyze-game").hidden = true;
  $("#analyze-result").hidden = false;
}

// The field an error is about: its name before a colon ("guesses.2: ..."), else the words it uses.
function fieldOf(message) {
  const named = /^(guesses|share|secrets?|game|mode)\b/.exec(message);
  if (named) return named[1] === "secrets" ? "secret" : named[1];
  if (/share/i.test(message)) return "share";
  if (/secret/i.test(message)) return "secret";
  if (/guess|turn|word/i.test(message)) return "guesses";
  return null;
}

// Show an error beside its field (null: clear every field's).
function markField(name, message = "") {
  const f = $("#analyze-form");
  for (const node of f.querySelectorAll(".field-error")) node.remove();
  for (const input of f.querySelectorAll("[aria-invalid]")) { input.removeAttribute("aria-invalid"); input.removeAttribute("aria-describedby"); }
  const input = name && f.elements[name];
  if (!input || !input.closest) return;
  const note = el("span", { class: "field-error", id: `analyze-${name}-error`, text: message });
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", note.id);
  input.closest("label").append(note);
}

async function run(event) {
  event.preventDefault();
  const f = $("#analyze-form");
  const boards = Boolean(gameInfo(f.elements.game.value)?.multiboard);
  const body = { game: f.elements.game.value, guesses: f.elements.guesses.value.split(/[\s,;]+/).filter(Boolean) };
  if (!boards) body.mode = f.elements.hard.checked ? "hard" : "normal";
  if (f.elements.share.value.trim()) body.share = f.elements.share.value;
  const secret = f.elements.secret.value.trim();
  if (secret && boards) body.secrets = secret.split(/[\s,;]+/).filter(Boolean);
  else if (secret) body.secret = secret;
  say($("#analyze-message"), "Analysing… (exact values take a few seconds)");
  $("#analyze-result").hidden = true;  // the previous game's results go at once
  markField(null);
  $("#analyze-run").disabled = true;
  try {
    if (boards) drawBoards(await call("/api/boards/analyze", body));
    else draw(await call("/api/analyze", body));
    say($("#analyze-message"), "");
  } catch (error) {
    const text = said(error);
    say($("#analyze-message"), text, true);
    markField(fieldOf(text), text);
  } finally {
    $("#analyze-run").disabled = false;
  }
}

let gameInfo = () => null;

export function start(context) {
  gameInfo = context.gameInfo;
  const f = $("#analyze-form");
  const picked = () => {
    const g = gameInfo(f.elements.game.value);
    f.querySelector(".hard").hidden = !g.hard_mode;
    f.querySelector(".secret-label").textContent = g.multiboard ? `or the secrets, one per board (${g.boards})` : "or the secret";
  };
  f.elements.game.addEventListener("change", picked);
  picked();
  f.addEventListener("submit", run);
}

// The total regret in words; a regret past any bound (a sure win given up) has no number.
function regretWords(analysis, unit = " guesses") {
  return analysis.total_regret.low === null ? "a sure win was lost" : `total regret ${analysis.total_regret_text}${unit}`;
}
