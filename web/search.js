// `#/search`: the platform's text search with its filters (layer, type, dates).

import { api, all } from "./api.js";
import { h, field, replace, describe, when } from "./dom.js";
import { label } from "./spaces.js";

const types = ["text", "drawing", "photo", "voiceMemo", "video", "object3D"];

/** `#/search`. */
export function searchPage() {
  const results = h("ol", { class: "results", "aria-live": "polite", "aria-label": "Results" });
  const layerSelect = h("select", { name: "layerID" }, h("option", { value: "" }, "Any layer"));
  all("/layers", { limit: 100 }).then((layers) => layerSelect.append(
    ...layers.map((layer) => h("option", { value: layer.id }, layer.name)))).catch(() => {});
  const form = h("form", { class: "stack", role: "search", "aria-label": "Search annotations" },
    h("h1", {}, "Search"),
    field("Words", h("input", { name: "q", type: "search", required: true })),
    h("div", { class: "row" },
      field("Layer", layerSelect),
      field("Type", h("select", { name: "type" }, h("option", { value: "" }, "Any type"),
        types.map((type) => h("option", { value: type }, type)))),
      field("From", h("input", { name: "from", type: "date" })),
      field("To", h("input", { name: "to", type: "date" }))),
    h("button", { type: "submit" }, "Search"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const day = (value, end) => value ? new Date(value + (end ? "T23:59:59" : "T00:00:00")).toISOString() : undefined;
    replace(results, h("li", { class: "loading" }, "Searching…"));
    try {
      const page = await api("GET", "/search", undefined, {
        q: data.get("q"), layerID: data.get("layerID"), type: data.get("type"),
        from: day(data.get("from"), false), to: day(data.get("to"), true), limit: 50,
      });
      replace(results, page.items.length
        ? page.items.map((a) => h("li", {}, h("a", { href: `#/annotation/${a.id}` }, label(a)),
          h("span", { class: "muted" }, ` ${a.type} · ${when(a.updatedAt)}`)))
        : h("li", {}, "Nothing matches."));
    } catch (error) {
      replace(results, h("li", { class: "error", role: "alert" }, describe(error)));
    }
  });
  return h("div", {}, form, results);
}
