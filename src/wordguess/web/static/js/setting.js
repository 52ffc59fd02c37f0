// A page's game setting: the picker, the options the game asks for (Sutom's length and first
// letter, Mastermind's pegs and colours), the world and hard mode, read as the API's fields.
// renderOptions runs when the game changes (it resets the options to their defaults).
import { el } from "./dom.js";

export function renderOptions(form, info, hosted = false) {
  const span = form.querySelector(".options");
  if (span) {
    span.replaceChildren();
    for (const option of info.options) {
      if (hosted && option.default === null && option.hosted === null) continue;  // the host picks it (Sutom's first letter)
      const value = option.default ?? (hosted ? option.hosted : null) ?? "";
      const input = option.kind === "int"
        ? el("input", { name: option.option, type: "number", min: "2", max: "12", value, class: "option" })
        : el("input", { name: option.option, maxlength: "1", size: "2", value, class: "option", autocomplete: "off" });
      span.append(el("label", {}, option.question, input));
    }
  }
  const hard = form.querySelector(".hard");
  if (hard) {
    hard.hidden = !info.hard_mode;
    if (!info.hard_mode) form.elements.hard.checked = false;
  }
}

export function readSetting(form) {
  const setting = { game: form.elements.game.value };
  if (form.elements.world) setting.world = form.elements.world.value;
  if (form.elements.hard) setting.mode = form.elements.hard.checked ? "hard" : "normal";
  for (const input of form.querySelectorAll("input.option")) {
    const value = input.value.trim();
    if (value) setting[input.name] = input.type === "number" ? Number(value) : value.toLowerCase();
  }
  return setting;
}
