// A page's game setting: the picker, the options the game asks for (Sutom's length and first
// letter, Mastermind's pegs and colours), the world and hard mode, read as the API's fields.
// renderOptions runs when the game changes (it resets the options to their defaults);
// renderAnswers when the length or the world changes.
import { el } from "./dom.js";

// An option's question as its label says it: without the list of its choices' codes, which its
// picker shows ("language (en, de, ...)" is "language" beside "English (en)").
function question(option) {
  const codes = option.choices ? ` (${option.choices.map((c) => c.value).join(", ")})` : null;
  return codes && option.question.endsWith(codes) ? option.question.slice(0, -codes.length) : option.question;
}

export function renderOptions(form, info, hosted = false) {
  const span = form.querySelector(".options");
  if (span) {
    span.replaceChildren();
    for (const option of info.options) {
      if (hosted && option.default === null && option.hosted === null) continue;  // the host picks it (Sutom's first letter)
      const value = option.default ?? option.hosted ?? "";  // Sutom: 6 letters, as the real game's first
      const input = option.choices
        ? el("select", { name: option.option, class: "option" },
          ...option.choices.map((c) => el("option", { value: c.value, text: c.label })))
        : option.kind === "int"
        ? el("input", { name: option.option, type: "number", value, class: "option",
          min: option.least, max: option.most })  // the game's own bounds (null: none)
        : el("input", { name: option.option, maxlength: "1", size: "2", value, class: "option", autocomplete: "off" });
      if (option.choices) input.value = value;
      span.append(el("label", {}, question(option), input));
    }
  }
  const world = form.elements.world;
  if (world) {  // a game without a prior has one world: the list's words, alike
    world.closest("label").hidden = !info.worlds;
    if (!info.worlds) world.value = "closed";
  }
  renderAnswers(form, info);
  const hard = form.querySelector(".hard");
  if (hard) {
    hard.hidden = !info.hard_mode;
    if (!info.hard_mode) form.elements.hard.checked = false;
  }
}

// The answer lists the game accepts at the chosen length (GET /api/games gives each list's lengths;
// null: any), "" for the game's default. Lists choose the closed world's secrets: the select is off
// in the open world (whose secrets are every allowed word, weighted by how common it is).
export function renderAnswers(form, info) {
  const select = form.elements.answers;
  if (!select) return;
  const kept = select.value;
  const option = form.querySelector("input[name=length]");  // not form.elements.length: the count of fields
  const length = Number((option && option.value) || info.length);
  // The lists offered are the default language's: another language plays its own.
  const language = form.querySelector("select[name=language]");
  const foreign = language && language.value !== "en";
  const lists = foreign ? [] : info.answer_lists.filter((l) => l.lengths === null || l.lengths.includes(length));
  select.replaceChildren(el("option", { value: "", text: "the game's own" }),
    ...lists.map((l) => el("option", { value: l.name, text: l.name, title: l.description })));
  select.value = lists.some((l) => l.name === kept) ? kept : "";
  select.closest("label").hidden = lists.length < 2;
  select.disabled = form.elements.world ? form.elements.world.value === "open" : false;
}

export function readSetting(form) {
  const setting = { game: form.elements.game.value };
  if (form.elements.world) setting.world = form.elements.world.value;
  if (form.elements.hard) setting.mode = form.elements.hard.checked ? "hard" : "normal";
  if (form.elements.answers && !form.elements.answers.disabled && form.elements.answers.value) setting.answers = form.elements.answers.value;
  for (const input of form.querySelectorAll("input.option, select.option")) {
    const value = input.value.trim();
    if (value) setting[input.name] = input.type === "number" ? Number(value) : value.toLowerCase();
  }
  return setting;
}
