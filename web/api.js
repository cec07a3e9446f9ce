// The public REST API, with the person's session token. The token lives in this tab's
// sessionStorage: this origin's scripts read it, no other origin can, it is sent only as an
// `Authorization` header (so no cookie rides along on another site's request: nothing to forge),
// and it is gone when the tab closes. docs/web-app.md says why.

const key = "reality.session";

/** The signed-in session: `{token, user}`, or null. */
export const session = {
  get current() {
    try {
      return JSON.parse(sessionStorage.getItem(key));
    } catch {
      return null;
    }
  },
  save(token, user) {
    sessionStorage.setItem(key, JSON.stringify({ token, user }));
  },
  clear() {
    sessionStorage.removeItem(key);
  },
};

/** An error the API answered: its HTTP status, its code and its sentence. */
export class APIError extends Error {
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function headers(extra = {}) {
  const token = session.current?.token;
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

async function failure(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status says enough.
  }
  const error = body?.error ?? {};
  if (response.status === 401 && session.current) {
    session.clear();
    window.dispatchEvent(new Event("reality:signed-out"));
  }
  return new APIError(response.status, error.code ?? "http_" + response.status,
    error.message ?? `The server answered ${response.status}.`, error.field);
}

/** `path` with `query`'s set values as its query string. */
export function withQuery(path, query = {}) {
  const pairs = Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== "");
  return pairs.length ? `${path}?${new URLSearchParams(pairs)}` : path;
}

/** Calls `method path` with `body` as JSON; answers the decoded JSON (null for no content). */
export async function api(method, path, body, query) {
  const init = { method, headers: headers(body === undefined ? {} : { "Content-Type": "application/json" }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch("/api/v1" + withQuery(path, query), init);
  if (!response.ok) throw await failure(response);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** Every item of a paged list, following `nextCursor` up to `max` items. */
export async function all(path, query = {}, max = 1000) {
  const items = [];
  let cursor;
  do {
    const page = await api("GET", path, undefined, { ...query, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length < max);
  return items;
}

/** A `blob:` address for the bytes at `path` (media needs the token, which `<img src>` cannot send). */
export async function blobURL(path) {
  const response = await fetch("/api/v1" + path, { headers: headers() });
  if (!response.ok) throw await failure(response);
  return URL.createObjectURL(await response.blob());
}

/** Sends `file`'s bytes to `path` with `POST`, telling `progress` the fraction sent; answers the JSON. */
export function upload(path, file, progress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/v1" + path);
    for (const [name, value] of Object.entries(headers({ "Content-Type": file.type || "application/octet-stream" }))) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) progress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let body = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON.
      }
      if (request.status >= 200 && request.status < 300) return resolve(body);
      const error = body?.error ?? {};
      reject(new APIError(request.status, error.code, error.message ?? `The server answered ${request.status}.`));
    });
    request.addEventListener("error", () => reject(new APIError(0, "network", "The server could not be reached.")));
    request.send(file);
  });
}
