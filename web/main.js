// The app's frame: the navigation, the signed-in check and the pages by address (`#/…`), so that
// every page has an address a person can keep, reload or type.

import { api, session } from "./api.js";
import { h, replace, toast, describe } from "./dom.js";
import { connect, disconnect } from "./events.js";
import { signInPage, signUpPage } from "./auth.js";
import { spacesPage } from "./spaces.js";
import { annotationPage } from "./annotation.js";
import { searchPage } from "./search.js";
import { activityPage } from "./activity.js";
import { challengePage } from "./challenge.js";
import { accountPage } from "./account.js";
import { trashPage } from "./trash.js";

const pages = {
  signin: { page: signInPage, open: true },
  signup: { page: signUpPage, open: true },
  spaces: { page: spacesPage, title: "Spaces" },
  annotation: { page: annotationPage },
  search: { page: searchPage, title: "Search" },
  activity: { page: activityPage, title: "Activity" },
  challenge: { page: challengePage, title: "Out of Box" },
  trash: { page: trashPage, title: "Trash" },
  account: { page: accountPage, title: "Account" },
};

let leave = null;

function navigation() {
  const current = location.hash.split("/")[1];
  const links = Object.entries(pages)
    .filter(([, entry]) => entry.title)
    .map(([name, entry]) =>
      h("a", { href: `#/${name}`, "aria-current": current === name ? "page" : false }, entry.title));
  return h("nav", { "aria-label": "Main" }, h("strong", { class: "brand" }, "Reality"), links,
    h("span", { class: "live", title: "Live updates" }, "●"),
    h("button", { type: "button", class: "link", onclick: signOut }, "Sign out"));
}

async function signOut() {
  try {
    await api("POST", "/auth/logout");
  } catch (error) {
    toast(describe(error), "error");
  }
  session.clear();
  disconnect();
  location.hash = "#/signin";
}

async function render() {
  leave?.();
  leave = null;
  const [, name = "", ...rest] = location.hash.split("/");
  const entry = pages[name];
  const main = document.getElementById("main");
  const top = document.getElementById("top");
  if (!session.current && !entry?.open) {
    location.replace("#/signin");
    return;
  }
  if (!entry) {
    location.replace("#/spaces");
    return;
  }
  if (session.current) connect();
  document.documentElement.dataset.theme = session.current?.user?.preferences?.theme ?? "auto";
  replace(top, session.current && !entry.open ? navigation() : h("strong", { class: "brand" }, "Reality"));
  const cleanups = [];
  const content = entry.page(rest.map(decodeURIComponent), (cleanup) => cleanups.push(cleanup));
  leave = () => cleanups.forEach((cleanup) => cleanup());
  replace(main, content);
  document.title = entry.title ? `${entry.title} · Reality` : "Reality";
  main.focus({ preventScroll: true });
}

window.addEventListener("hashchange", render);
window.addEventListener("reality:signed-out", () => {
  disconnect();
  location.hash = "#/signin";
});
render();
