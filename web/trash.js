// `#/trash`: the layers and annotations one deleted, restorable until they are purged.

import { api } from "./api.js";
import { h, replace, toast, describe, when } from "./dom.js";

/** `#/trash`. */
export function trashPage() {
  const list = h("ul", { class: "trash", "aria-label": "Deleted" });
  const load = async () => {
    const page = await api("GET", "/trash", undefined, { limit: 100 });
    replace(list, page.items.length ? page.items.map((entry) => h("li", {},
      `${entry.title ?? (entry.kind === "layer" ? "A layer" : `A ${entry.type ?? "note"}`)} · ${entry.kind}`,
      ` · deleted ${when(entry.deletedAt)} · purged ${when(entry.purgeAt)} `,
      h("button", { type: "button", class: "link", onclick: async () => {
        try {
          await api("POST", `/${entry.kind === "layer" ? "layers" : "annotations"}/${entry.id}/restore`);
          toast("Restored.");
          await load();
        } catch (error) {
          toast(describe(error), "error");
        }
      } }, "Restore"))) : h("li", { class: "muted" }, "The trash is empty."));
  };
  load().catch((error) => replace(list, h("li", { class: "error", role: "alert" }, describe(error))));
  return h("div", {}, h("h1", {}, "Trash"), list);
}
