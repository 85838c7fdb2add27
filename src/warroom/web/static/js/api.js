// The JSON API (docs: the web contract): every call carries the seat's token; an error is one clear message.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

async function read(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    let detail = body && body.detail !== undefined ? body.detail : response.statusText;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    throw new ApiError(response.status, String(detail || `the server answered ${response.status}`));
  }
  return body;
}

export async function getJSON(url) {
  let response;
  try {
    response = await fetch(url, {headers: {Accept: "application/json"}});
  } catch {
    throw new ApiError(0, "the server cannot be reached; is warroom serve still running?");
  }
  return read(response);
}

export async function postJSON(url, body) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {"Content-Type": "application/json", Accept: "application/json"},
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "the server cannot be reached; is warroom serve still running?");
  }
  return read(response);
}

export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, v);
  return q.toString();
}
