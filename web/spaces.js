// `#/spaces[/LAYER]`: the layer tree (nested, coloured, shown or hidden), a new layer, and the
// chosen layer's plan with its annotations, a note pinned where the plan is clicked, and the
// annotations near a point.

import { api, all, upload, session } from "./api.js";
import { h, field, replace, toast, describe, loading, layerColors, swatch, byParent } from "./dom.js";
import { onLiveEvent } from "./events.js";
import { Plan } from "./plan.js";
import { shareSection } from "./share.js";

const colors = Object.keys(layerColors);
const listed = 200;

function tree(layers, selected, reload) {
  const children = byParent(layers, (layer) => layer.parentLayerID);
  const branch = (parent) => {
    const items = (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    if (!items.length) return null;
    return h("ul", { class: "tree" }, items.map((layer) => h("li", {},
      swatch(layer.color),
      h("a", { href: `#/spaces/${layer.id}`, "aria-current": layer.id === selected ? "true" : false }, layer.name),
      layer.myPermission === "owner" || layer.myPermission === "editor"
        ? h("label", { class: "inline" }, h("input", {
          type: "checkbox", checked: layer.isVisible, "aria-label": `Show ${layer.name}`,
          onchange: async (event) => {
            try {
              await api("PATCH", `/layers/${layer.id}`, { isVisible: event.target.checked });
              reload();
            } catch (error) {
              toast(describe(error), "error");
            }
          },
        }), "shown")
        : null,
      branch(layer.id))));
  };
  return branch(null) ?? h("p", {}, "No layers yet: make one below.");
}

function newLayerForm(layers, reload) {
  const form = h("form", { class: "stack", "aria-label": "New layer" },
    h("h2", {}, "New layer"),
    field("Name", h("input", { name: "name", required: true })),
    field("Colour", h("select", { name: "color" }, colors.map((color) => h("option", { value: color, selected: color === (session.current?.user?.preferences?.defaultLayerColor ?? "blue") }, color)))),
    field("Inside", h("select", { name: "parent" }, h("option", { value: "" }, "(top level)"),
      layers.map((layer) => h("option", { value: layer.id }, layer.name)))),
    h("button", { type: "submit" }, "Create layer"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      const layer = await api("POST", "/layers", {
        name: data.get("name"), color: data.get("color"), parentLayerID: data.get("parent") || undefined,
      });
      location.hash = `#/spaces/${layer.id}`;
      reload();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

function number(name, value) {
  return h("input", { name, type: "number", step: "any", value: String(value), required: true, class: "short" });
}

function layerView(layer, onCleanup, onChange) {
  const color = layerColors[layer.color] ?? "#27d";
  const canvas = h("canvas", { class: "plan", tabindex: "0", "aria-label": `Plan of ${layer.name}, seen from above` });
  const side = h("canvas", { class: "elevation", "aria-label": "Side elevation" });
  const list = h("ol", { class: "annotations", "aria-label": "Annotations in this layer" });
  const nearList = h("ol", { class: "near", "aria-label": "Annotations near the point" });
  const more = h("p", { class: "muted" });
  const progress = h("progress", { max: "1", value: "0", hidden: true, "aria-label": "Upload progress" });
  const pin = h("form", { class: "stack", "aria-label": "Pin a note" },
    h("h3", {}, "Pin a note"),
    field("Text", h("textarea", { name: "text", rows: 2 })),
    field("Title", h("input", { name: "title" })),
    field("Or a photo, voice memo, video or 3D model",
      h("input", { name: "file", type: "file", accept: "image/*,audio/*,video/*,.glb,.gltf,.usdz" })),
    progress,
    h("div", { class: "row" }, field("x", number("x", 0)), field("y", number("y", 1.5)), field("z", number("z", 0))),
    h("div", { class: "row" },
      h("button", { type: "submit" }, "Pin note"),
      h("button", { type: "button", class: "secondary", onclick: () => near() }, "Show what is near this point")));
  let annotations = [];
  const plan = new Plan(canvas, side, {
    onOpen: (id) => { location.hash = `#/annotation/${id}`; },
    onPick: ({ x, z }) => {
      pin.elements.x.value = x.toFixed(2);
      pin.elements.z.value = z.toFixed(2);
      pin.elements.text.focus();
    },
  });
  const position = () => ["x", "y", "z"].map((name) => Number(pin.elements[name].value));
  async function near() {
    try {
      const found = await api("GET", "/annotations/nearby", undefined, { at: position().join(","), radius: 5, limit: 50 });
      plan.mark(found.map((item) => item.annotation.id));
      replace(nearList, found.length
        ? found.map((item) => h("li", {}, h("a", { href: `#/annotation/${item.annotation.id}` }, label(item.annotation)),
          ` ${item.distance.toFixed(2)} m`))
        : h("li", {}, "Nothing within 5 m."));
    } catch (error) {
      toast(describe(error), "error");
    }
  }
  async function load(fit) {
    annotations = await all("/annotations", { layerID: layer.id, limit: 200 }, 20000);
    plan.show(annotations.map((a) => ({ id: a.id, x: a.position[0], y: a.position[1], z: a.position[2], type: a.type, color })), { fit });
    // The plan shows them all; the list, the first of them (search finds the others).
    replace(list, annotations.length
      ? annotations.slice(0, listed).map((a) => h("li", {}, h("a", { href: `#/annotation/${a.id}` }, label(a)),
        h("span", { class: "muted" }, ` ${a.type} at ${a.position.map((n) => n.toFixed(1)).join(", ")}`)))
      : h("li", {}, "No annotations yet: click the plan and pin a note."));
    replace(more, annotations.length > listed ? `The first ${listed} of ${annotations.length} are listed; search finds the others.` : "");
  }
  pin.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(pin);
    const file = pin.elements.file.files[0];
    if (!file && !data.get("text").trim()) {
      toast("Write a note or choose a file.", "error");
      return;
    }
    try {
      let type = "text";
      const content = { text: data.get("text") || undefined };
      if (file) {
        progress.hidden = false;
        const asset = await upload("/assets", file, (fraction) => { progress.value = fraction; });
        type = mediaType(asset.contentType);
        content.cloudAssetID = asset.id;
      }
      const created = await api("POST", "/annotations", {
        type, content, title: data.get("title") || undefined, position: position(), layerID: layer.id,
      });
      pin.reset();
      progress.hidden = true;
      ["x", "y", "z"].forEach((axis, index) => { pin.elements[axis].value = String(created.position[index]); });
      toast("Pinned.");
      await load(annotations.length === 0);
      plan.mark([created.id]);
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  let timer = null;
  onCleanup(onLiveEvent((event) => {
    if (event.type !== "changes") return;
    clearTimeout(timer);
    timer = setTimeout(() => load(false).catch(() => {}), 200);
  }));
  const canEdit = layer.myPermission === "owner" || layer.myPermission === "editor";
  const settings = h("form", { class: "row", "aria-label": "Layer settings" },
    field("Name", h("input", { name: "name", value: layer.name, required: true })),
    field("Colour", h("select", { name: "color" }, Object.keys(layerColors).map((color) =>
      h("option", { value: color, selected: color === layer.color }, color)))),
    h("button", { type: "submit", class: "secondary" }, "Save"),
    layer.myPermission === "owner" ? h("button", { type: "button", class: "secondary", onclick: async () => {
      try {
        await api("DELETE", `/layers/${layer.id}`);
        toast("Moved to the trash; its annotations are in My Annotations.");
        location.hash = "#/spaces";
      } catch (error) {
        toast(describe(error), "error");
      }
    } }, "Delete layer") : null);
  settings.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("PATCH", `/layers/${layer.id}`, { name: settings.elements.name.value, color: settings.elements.color.value });
      toast("Saved.");
      onChange();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return h("section", { class: "layer", "aria-label": layer.name },
    h("h2", {}, layer.name, h("span", { class: "muted" }, ` · ${layer.myPermission ?? "viewer"}`)),
    h("div", { class: "planbox" }, canvas,
      h("div", { class: "planbar" },
        h("button", { type: "button", "aria-label": "Zoom in", onclick: () => plan.zoomBy(1.5) }, "+"),
        h("button", { type: "button", "aria-label": "Zoom out", onclick: () => plan.zoomBy(1 / 1.5) }, "−"),
        h("button", { type: "button", onclick: () => { plan.fit(); plan.request(); } }, "Fit"))),
    side,
    canEdit ? pin : h("p", { class: "muted" }, "You may view this layer."),
    nearList,
    h("h3", {}, "Annotations"), list, more,
    canEdit ? settings : null,
    canEdit ? shareSection({ layerID: layer.id, ownerID: layer.ownerID }) : null,
    loading(async () => { await load(true); return ""; }));
}

/** The annotation type of an uploaded file, by the media type the server found in its bytes. */
function mediaType(contentType) {
  const kind = contentType.split("/")[0];
  return { image: "photo", audio: "voiceMemo", video: "video", model: "object3D" }[kind] ?? "object3D";
}

/** The text that names an annotation in a list. */
export function label(annotation) {
  return annotation.title || annotation.content?.text || `(${annotation.type})`;
}

/** `#/spaces` and `#/spaces/LAYER`. */
export function spacesPage([layerID], onCleanup) {
  const side = h("aside", { class: "layers", "aria-label": "Layers" });
  const body = h("div", { class: "layer-body" });
  const reload = async () => {
    try {
      const layers = await all("/layers", { limit: 100 });
      replace(side, h("h1", {}, "Spaces"), tree(layers, layerID, reload), newLayerForm(layers, reload));
      return layers;
    } catch (error) {
      replace(side, h("p", { class: "error", role: "alert" }, describe(error)));
      return [];
    }
  };
  replace(body, loading(async () => {
    const layers = await reload();
    if (!layerID) return h("p", { class: "muted" }, layers.length ? "Choose a layer." : "Make a layer to start.");
    const layer = await api("GET", `/layers/${layerID}`);
    return layerView(layer, onCleanup, reload);
  }));
  return h("div", { class: "spaces" }, side, body);
}
