// The JSON API: every call returns the parsed body, or throws an Error with the server's one-line message.
export async function call(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.detail) || `the server answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}
