// Sign in and sign up: each answers a session token, kept for this tab (api.js).

import { api, session } from "./api.js";
import { h, field, describe } from "./dom.js";

function form(title, fields, submitLabel, send, other) {
  const error = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "submit" }, submitLabel);
  const element = h("form", { class: "card narrow", "aria-label": title }, h("h1", {}, title), fields, error, button, other);
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    error.textContent = "";
    try {
      const answer = await send(new FormData(element));
      session.save(answer.token, answer.user);
      location.hash = "#/spaces";
    } catch (failure) {
      error.textContent = describe(failure);
    } finally {
      button.disabled = false;
    }
  });
  return element;
}

/** `#/signin`. */
export function signInPage() {
  return form("Sign in", [
    field("Email", h("input", { name: "email", type: "email", autocomplete: "username", required: true })),
    field("Password", h("input", { name: "password", type: "password", autocomplete: "current-password", required: true })),
  ], "Sign in", (data) => api("POST", "/auth/login", {
    email: data.get("email"), password: data.get("password"), deviceName: "Web browser",
  }), h("p", {}, "New here? ", h("a", { href: "#/signup" }, "Create an account")));
}

/** `#/signup`. */
export function signUpPage() {
  return form("Create an account", [
    field("Name", h("input", { name: "displayName", autocomplete: "name", required: true, maxlength: 100 })),
    field("Email", h("input", { name: "email", type: "email", autocomplete: "username", required: true })),
    field("Password", h("input", { name: "password", type: "password", autocomplete: "new-password", required: true })),
  ], "Create account", (data) => api("POST", "/auth/register", {
    displayName: data.get("displayName"), email: data.get("email"), password: data.get("password"),
    deviceName: "Web browser",
  }), h("p", {}, "Have an account? ", h("a", { href: "#/signin" }, "Sign in")));
}
