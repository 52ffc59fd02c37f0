// The app: the page router (#assist, #play, ...), the game pickers, the colour-blind palette.
import { call } from "./api.js";
import { $, el } from "./dom.js";
import * as assist from "./assist.js";
import * as play from "./play.js";
import * as analyze from "./analyze.js";
import * as boards from "./boards.js";
import * as explore from "./explore.js";

const PAGES = { assist, play, analyze, boards, explore };
const started = new Set();
let catalogue = [];

export function gameInfo(name) { return catalogue.find((g) => g.name === name); }

// A game played in one language names it; one with a language picker (Wordle) leaves it to the picker.
function gameLabel(game) {
  const chosen = game.options.some((o) => o.option === "language");
  return game.language && !chosen ? `${game.title} — ${game.language}` : game.title;
}

function fillPickers() {
  for (const select of document.querySelectorAll(".game-picker")) {
    const kind = select.dataset.kind;  // single, multi, or all (several boards in a group of their own)
    for (const game of catalogue.filter((g) => kind === "all" ? !g.multiboard : g.multiboard === (kind === "multi"))) {
      select.append(el("option", { value: game.name, text: gameLabel(game) }));
    }
    if (kind === "all") {
      select.append(el("optgroup", { label: "Several boards" },
        ...catalogue.filter((g) => g.multiboard).map((game) => el("option", { value: game.name, text: gameLabel(game) }))));
    }
    if (kind === "multi") select.value = "quordle";
  }
}

function pageName() {
  const name = (location.hash || "#assist").slice(1).split("?")[0];
  return PAGES[name] ? name : "assist";
}

// Show the page's section at once (before the catalogue arrives), so its frame does not jump in later.
function showSection(page) {
  for (const section of document.querySelectorAll(".page")) section.hidden = section.id !== `page-${page}`;
}

function showPage() {
  const page = pageName();
  showSection(page);
  for (const link of document.querySelectorAll("nav a[data-page]")) {
    if (link.dataset.page === page) {
      link.setAttribute("aria-current", "page");
      document.title = `${link.textContent.trim()} · wordguess`;  // the tab and the history say where
    } else link.removeAttribute("aria-current");
  }
  if (!started.has(page)) {
    started.add(page);
    PAGES[page].start({ gameInfo });
  }
  PAGES[page].shown?.();
}

function setPalette(on) {
  document.body.classList.toggle("colour-blind", on);
  $("#palette").setAttribute("aria-pressed", String(on));
  localStorage.setItem("wordguess-palette", on ? "colour-blind" : "standard");
}

// A game's settings sit behind a gear: open on a wide screen, folded on a phone so the board and
// the keyboard fit.
const WIDE = window.matchMedia("(min-width: 45rem)");

function foldSettings() {
  for (const box of document.querySelectorAll("details.settings")) box.open = WIDE.matches;
}

async function main() {
  showSection(pageName());
  foldSettings();
  WIDE.addEventListener("change", foldSettings);
  setPalette(localStorage.getItem("wordguess-palette") === "colour-blind");
  $("#palette").addEventListener("click", () => setPalette(!document.body.classList.contains("colour-blind")));
  catalogue = await call("/api/games");
  fillPickers();
  window.addEventListener("hashchange", showPage);
  showPage();
  document.body.dataset.ready = "true";
}

main();
