// The explore page: the proven optimal SALET tree, node by node (each reply is a button).
import { call } from "./api.js";
import { $, el, say, tileRow } from "./dom.js";

let path = []; // {word, reply}

function pathText(steps) { return steps.map((s) => `${s.word}=${s.reply}`).join(";"); }

async function show() {
  const mode = $("#explore-setting").elements.mode.value;
  try {
    const node = await call(`/api/explore?mode=${mode}&path=${encodeURIComponent(pathText(path))}`);
    draw(node);
    say($("#explore-message"), "");
  } catch (error) { say($("#explore-message"), error.message, true); }
}

function go(steps) { path = steps; show(); }

function draw(node) {
  const crumbs = $("#explore-path");
  crumbs.replaceChildren(el("button", { type: "button", text: "start", onclick: () => go([]) }));
  node.path.forEach((turn, i) => crumbs.append("›", el("button", {
    type: "button", "aria-label": `back to after ${turn.guess} ${turn.reply}`, onclick: () => go(path.slice(0, i + 1)),
  }, tileRow(turn.guess, turn.marks, true))));
  const histogram = Object.entries(node.histogram).map(([k, n]) => `${n} in ${k}`).join(", ");
  const what = node.leaf ? `The word is ${node.guess}: solved at guess ${node.turn}.`
    : `Guess ${node.turn}: play ${node.guess}. ${node.size.toLocaleString("en")} secret${node.size === 1 ? "" : "s"} left; ` +
      `on average ${node.mean.toFixed(3)} guesses (${histogram}).`;
  const parts = [el("div", { class: "node-summary" }, tileRow(node.guess, node.leaf ? "G".repeat(node.guess.length) : null),
    el("p", { id: "explore-summary", text: what }))];
  if (node.secrets && !node.leaf) parts.push(el("p", { class: "hint", text: "Secrets: " + node.secrets.join(" ") }));
  $("#explore-node").replaceChildren(...parts);
  $("#explore-branches").replaceChildren(...node.branches.map((b) => el("li", {}, el("button", {
    type: "button", "data-reply": b.reply, onclick: () => go([...path, { word: node.word, reply: b.reply }]),
    "aria-label": `reply ${b.reply}: ${b.size} secret${b.size === 1 ? "" : "s"}, ${b.solved ? "solved" : "next " + b.next}`,
  }, tileRow(node.guess, b.marks, true), el("span", { text: b.solved ? "solved!" : `${b.size} → ${b.next}` })))));
}

export function start() {
  $("#explore-setting").addEventListener("change", () => go([]));
  show();
}
