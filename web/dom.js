// Builds the page from elements and text nodes only: nothing a person typed is ever read as
// HTML (the app never hands a string to the HTML parser), so a `<script>` in a note stays text.

/** An element `tag` with `props` (attributes, `on…` listeners, `class`) and `children`. */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      element.className = value;
    } else if (key === "value" || key === "checked" || key === "selected") {
      element[key] = value;
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Appends `children` (elements, strings as text, nested arrays; null skipped) to `element`. */
export function append(element, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replaces what `element` holds with `children`. */
export function replace(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

/** A labelled form field: `<label>` around its text and the control. */
export function field(label, control) {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

/** A date and time in the person's own format. */
export function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString();
}

/** Says `message` briefly at the foot of the page (read out by screen readers). */
export function toast(message, kind = "info") {
  const box = document.getElementById("toast");
  const line = h("p", { class: `toast-${kind}` }, message);
  box.append(line);
  setTimeout(() => line.remove(), 5000);
}

/** An error's sentence for people, from the API's typed error or anything thrown. */
export function describe(error) {
  return error?.message || "Something went wrong.";
}

/** A section that says it is loading, then shows what `load` builds, or its error. */
export function loading(load) {
  const box = h("div", { class: "async", "aria-busy": "true" }, h("p", { class: "loading" }, "Loading…"));
  Promise.resolve()
    .then(load)
    .then((content) => replace(box, content))
    .catch((error) => replace(box, h("p", { class: "error", role: "alert" }, describe(error))))
    .finally(() => box.removeAttribute("aria-busy"));
  return box;
}

/** Colours of the platform's layer colours, for markers and swatches. */
export const layerColors = {
  red: "#d33", orange: "#e80", yellow: "#cb0", green: "#2a2", blue: "#27d", purple: "#84c", pink: "#d5a", gray: "#888",
};

/** A small square of a layer's colour (set through the style object: the policy forbids style attributes). */
export function swatch(color) {
  const element = h("span", { class: "swatch", "aria-hidden": "true" });
  element.style.backgroundColor = layerColors[color] ?? layerColors.gray;
  return element;
}

/** `items` grouped by their parent's ID (`parentOf(item)`); an item whose parent is not among them is at the top (key null). */
export function byParent(items, parentOf) {
  const ids = new Set(items.map((item) => item.id));
  const groups = new Map();
  for (const item of items) {
    const parent = ids.has(parentOf(item)) ? parentOf(item) : null;
    groups.set(parent, [...(groups.get(parent) ?? []), item]);
  }
  return groups;
}
