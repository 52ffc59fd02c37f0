// A game on a phone fills the screen (the stylesheet's .screen): the bar, the status, the message
// and the boards above the on-screen keyboard, which never covers them. The tiles take the largest
// size at which every board's rows fit there (up to four boards: each board's row being typed and
// the result are in view at once), else the size the width allows, the boards scrolling in their
// own space. A wide screen keeps the stylesheet's sizes.
export const PHONE = window.matchMedia("(max-width: 30rem)");

const MANY_TILE = 26;  // px at most, from Octordle up: more boards in view at once
const MIN_TILE = 14;  // px: below this a letter cannot be read; a board that needs less scrolls instead
const BOARD_GAP = 4, ROW_GAP = { one: 3, several: 2 };  // px, as the stylesheet's phone rules
const BOARD_X = 6, BOARD_Y = 6 + 16 + 2;  // px: a board's padding and border, and its heading

// Size the tiles of `area` (a board's grid, or the boards) inside `screen`: `boards` boards of
// `rows` rows (null: no limit) of `length` tiles; `over`: the game is over (the keyboard goes).
export function fitScreen(screen, area, { boards, rows, length, over }) {
  screen.classList.toggle("over", over);
  const several = boards > 1;
  if (!PHONE.matches) {
    for (const name of ["--tile", "--board-tile", "--across"]) area.style.removeProperty(name);
    area.classList.remove("fits");
    return;
  }
  if (!screen.getClientRects().length) return;  // a page not shown has no room to measure: sized when shown
  // the CSSOM, not a style attribute: the content security policy allows no inline style
  screen.style.setProperty("--above-screen", `${Math.ceil(screen.getBoundingClientRect().top + window.scrollY)}px`);
  const across = !several ? 1 : boards <= 8 ? 2 : 4;
  const down = boards <= 4 ? Math.ceil(boards / across) : 0;
  const gap = several ? ROW_GAP.several : ROW_GAP.one;
  const width = (area.clientWidth - (across - 1) * BOARD_GAP) / across - (several ? BOARD_X : 0);
  let tile = Math.floor((width - (length - 1) * gap) / length);
  if (down && rows) {
    const height = (area.clientHeight - (down - 1) * BOARD_GAP) / down - (several ? BOARD_Y : 0);
    tile = Math.min(tile, Math.floor((height - (several ? 0 : (rows - 1) * gap)) / rows) - (several ? gap : 0));
  }
  tile = Math.max(MIN_TILE, Math.min(!several ? 62 : down ? 40 : MANY_TILE, tile));
  area.style.setProperty(several ? "--board-tile" : "--tile", `${tile}px`);
  area.style.setProperty("--across", String(across));
  area.classList.toggle("fits", Boolean(down));
  // each board (or the one grid) scrolled to its row being typed
  for (const box of several ? area.querySelectorAll(".board") : [area]) {
    const row = box.querySelector(".row.current") || box.querySelector(".row:last-of-type");
    if (row && box.scrollHeight > box.clientHeight) box.scrollTop = row.offsetTop + row.offsetHeight - box.clientHeight;
  }
}
