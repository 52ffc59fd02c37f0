// The explore page: the proven optimal SALET tree, node by node (each reply is a button). The mode
// and path are kept in the URL (#explore?mode=hard&path=salet=..Y..), so reload, back and forward work.
import { call } from "./api.js";
import { $, el, say, tileRow } from "./dom.js";

let asked = 0; // the latest request: an older answer arriving later is dropped

function pathText(steps) { return steps.map((s) => `${s.word}=${s.reply}`).join(";"); }

function hashOf(mode, steps) {
  const query = new URLSearchParams();
  if (mode !== "normal") query.set("mode", mode);
  if (steps.length) query.set("path", pathText(steps));
  const text = query.toString();
  return text ? `#explore?${text}` : "#explore";
}

// Go to a node: its address goes into the URL; the hash change shows it.
function go(steps) {
  const target = hashOf($("#explore-setting").elements.mode.value, steps);
  if (location.hash === target) show(); else location.hash = target;
}

async function show() {
  const query = new URLSearchParams(location.hash.split("?")[1] || "");
  const mode = query.get("mode") === "hard" ? "hard" : "normal";
  $("#explore-setting").elements.mode.value = mode;
  const mine = ++asked;
  try {
    const node = await call(`/api/explore?mode=${mode}&path=${encodeURIComponent(query.get("path") || "")}`);
    if (mine !== asked) return;
    draw(node);
    say($("#explore-message"), "");
  } catch (error) {
    if (mine !== asked || error.status === 0) return;  // out of reach: the banner says so, the node drawn stays
    // the link's tree is not drawn: nothing of another tree stays under the mode it names
    for (const part of ["#explore-path", "#explore-node", "#explore-branches"]) $(part).replaceChildren();
    $("#explore-path").append(el("button", { type: "button", text: "start", onclick: () => go([]) }));
    say($("#explore-message"), `${error.message}: start again from the tree's first guess`, true);
  }
}

function draw(node) {
  const steps = node.path.map((turn) => ({ word: turn.word, reply: turn.reply }));  // the answer's own path
  const crumbs = $("#explore-path");
  crumbs.replaceChildren(el("button", { type: "button", text: "start", onclick: () => go([]) }));
  node.path.forEach((turn, i) => crumbs.append("›", el("button", {
    type: "button", "aria-label": `back to after ${turn.guess} ${turn.reply}`, onclick: () => go(steps.slice(0, i + 1)),
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
    type: "button", "data-reply": b.reply, onclick: () => go([...steps, { word: node.word, reply: b.reply }]),
    "aria-label": `reply ${b.reply}: ${b.size} secret${b.size === 1 ? "" : "s"}, ${b.solved ? "solved" : "next " + b.next}`,
  }, tileRow(node.guess, b.marks, true), el("span", { text: b.solved ? "solved!" : `${b.size} → ${b.next}` })))));
  document.body.dataset.exploreDepth = String(node.path.length);
}

export function start() {
  $("#explore-setting").addEventListener("change", () => go([]));
}

// Shown on every visit and hash change (main.js): draw the node the URL names.
export function shown() { show(); }
