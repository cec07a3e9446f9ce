// The live-events WebSocket (`/api/v1/events`): the server's hints that something changed
// (`changes`) and new notifications (`notification`). A browser cannot send `Authorization` on a
// WebSocket, so the token is offered as a subprotocol the server reads and never echoes.

import { session } from "./api.js";

const listeners = new Set();
let socket = null;
let retry = 500;
let wanted = false;

/** Calls `listener(event)` for each live event until the returned function is called. */
export function onLiveEvent(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the socket is open (the page shows it). */
export function isLive() {
  return socket?.readyState === WebSocket.OPEN;
}

/** Opens the socket for the signed-in person, and opens it again after it drops. */
export function connect() {
  wanted = true;
  const token = session.current?.token;
  if (!token || socket) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/api/v1/events`, ["reality-events", `reality-bearer.${token}`]);
  socket.addEventListener("open", () => {
    retry = 500;
    document.body.dataset.live = "true";
  });
  socket.addEventListener("message", (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  socket.addEventListener("close", () => {
    socket = null;
    document.body.dataset.live = "false";
    if (!wanted || !session.current) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  });
}

/** Closes the socket (signing out). */
export function disconnect() {
  wanted = false;
  socket?.close();
  socket = null;
}
