// The JSON API: every call returns the parsed body, or throws an Error whose message is a
// sentence for the player: the server's one line, put in plain words where it names a field or
// a size, and "can't reach the server" when the server (or the network) does not answer (status
// 0). Whether the server answers is said once for the whole page: each call sends a `reach`
// event on the window (its detail true or false), main.js shows the banner, and a page's own
// message line leaves it out (`said`).
export const UNREACHABLE = "can't reach the server: your game is kept";

function reached(yes) { window.dispatchEvent(new CustomEvent("reach", { detail: yes })); }

// What a page's own message line says of a failed call: nothing when the server is out of reach
// (the page's banner says it, once), else the error's sentence.
export function said(error) { return error.status === 0 ? "" : error.message; }

// A field's name in the server's message, as the page calls it.
const FIELDS = { text: "the share grid", guess: "the guess", share: "the share text", secret: "the secret",
  guesses: "the guesses", add_words: "the words in no list", turns: "the turns", reply: "the reply" };

// Return the server's message in plain words: "text: String should have at least 1 character"
// is "the share grid is empty"; a body over the server's limit is "too long to send".
export function plain(detail, status) {
  if (status === 413) return "that is too long to send: shorten the text and try again";
  const match = /^([a-z_]+)(?:\.\d+)*(?:\.[a-z_]+)?: (.*)$/.exec(detail);
  if (!match) return detail;
  const [, field, rest] = match;
  const name = FIELDS[field] || field.replace(/_/g, " ");
  if (/^String should have at least 1 character/.test(rest) || /^List should have at least 1 item/.test(rest)) return `${name} is empty`;
  const most = /^(?:String|List) should have at most ([\d,]+) (character|item)/.exec(rest);
  if (most) return `${name} is too long: at most ${most[1]} ${most[2]}s`;
  return `${name}: ${rest}`;
}

export async function call(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    reached(false);
    throw Object.assign(new Error(UNREACHABLE), { status: 0 });
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    // a gateway's answer without the server's JSON (502 to 504): the server is down
    const down = !(data && data.detail) && response.status >= 502 && response.status <= 504;
    reached(!down);
    const error = new Error(down ? UNREACHABLE : data && data.detail ? plain(data.detail, response.status) : `the server answered ${response.status}`);
    error.status = down ? 0 : response.status;
    throw error;
  }
  reached(true);
  return data;
}
