// Small fetch helpers: JSON in, JSON out, errors as Error(message from {"error": ...}).

export class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Token"] = token;
  return answer(fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

// The JSON of a fetch already under way (e.g. started by the page's first inline script).
export async function answer(pending) {
  let res;
  try {
    res = await pending;
  } catch (e) {
    throw new ApiError("Cannot reach the game server. Is it still running?", 0);
  }
  let data = null;
  const text = await res.text();
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(typeof msg === "string" ? msg : JSON.stringify(msg), res.status);
  }
  return data;
}

export async function postRaw(path, text) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status);
  return data;
}
