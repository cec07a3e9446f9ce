// The plan view of a layer's annotations, drawn by our own code on two canvases: top-down (x
// across, z down) and a side elevation (x across, y up). Drag or arrow keys pan, the wheel or
// +/- zoom; markers show the type's letter in the layer's colour, close ones merge into a
// numbered cluster; a click on a marker opens it, on a cluster zooms in, elsewhere picks the point.

const letters = { text: "T", drawing: "D", photo: "P", voiceMemo: "V", video: "M", object3D: "3" };
const cell = 28;

/** A plan on `canvas` (top-down) and `side` (elevation); `onOpen(id)`, `onPick({x, z})`. */
export class Plan {
  constructor(canvas, side, { onOpen, onPick }) {
    this.canvas = canvas;
    this.side = side;
    this.onOpen = onOpen;
    this.onPick = onPick;
    this.markers = [];
    this.center = { x: 0, z: 0 };
    this.scale = 40; // pixels per metre
    this.frames = 0;
    this.drawTime = 0; // milliseconds spent drawing, over all frames
    this.pending = false;
    this.groups = [];
    this.highlight = new Set();
    canvas.plan = this;
    this.listen();
    this.resize();
  }

  /** Shows `markers`: `{id, x, y, z, type, color, label}`; fits them in view the first time. */
  show(markers, { fit = false } = {}) {
    this.markers = markers;
    if (fit) this.fit();
    this.request();
  }

  /** Marks the markers whose IDs are in `ids` (a query's answer). */
  mark(ids) {
    this.highlight = new Set(ids);
    this.request();
  }

  fit() {
    if (!this.markers.length) return;
    const xs = this.markers.map((m) => m.x), zs = this.markers.map((m) => m.z);
    const [minX, maxX, minZ, maxZ] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    this.center = { x: (minX + maxX) / 2, z: (minZ + maxZ) / 2 };
    const span = Math.max(maxX - minX, maxZ - minZ, 2);
    this.scale = Math.max(2, Math.min(200, (Math.min(this.width, this.height) - 60) / span));
  }

  /** Moves the view by `dx`, `dy` pixels. */
  panBy(dx, dy) {
    this.center.x -= dx / this.scale;
    this.center.z -= dy / this.scale;
    this.request();
  }

  /** Zooms by `factor` about the canvas point (`px`, `py`), its centre by default. */
  zoomBy(factor, px = this.width / 2, py = this.height / 2) {
    const before = this.toWorld(px, py);
    this.scale = Math.max(0.5, Math.min(2000, this.scale * factor));
    const after = this.toWorld(px, py);
    this.center.x += before.x - after.x;
    this.center.z += before.z - after.z;
    this.request();
  }

  toWorld(px, py) {
    return { x: this.center.x + (px - this.width / 2) / this.scale, z: this.center.z + (py - this.height / 2) / this.scale };
  }

  toScreen(x, z) {
    return [(x - this.center.x) * this.scale + this.width / 2, (z - this.center.z) * this.scale + this.height / 2];
  }

  resize() {
    const ratio = window.devicePixelRatio || 1;
    this.width = this.canvas.clientWidth || 600;
    this.height = this.canvas.clientHeight || 400;
    for (const [canvas, height] of [[this.canvas, this.height], [this.side, this.side.clientHeight || 120]]) {
      canvas.width = Math.round((canvas === this.canvas ? this.width : this.side.clientWidth || this.width) * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext("2d").setTransform(ratio, 0, 0, ratio, 0, 0);
    }
    this.request();
  }

  request() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  /** Groups the markers in view by screen cell: one marker, or a cluster of several. */
  group() {
    const cells = new Map();
    for (const marker of this.markers) {
      const [sx, sy] = this.toScreen(marker.x, marker.z);
      if (sx < -cell || sy < -cell || sx > this.width + cell || sy > this.height + cell) continue;
      const key = Math.floor(sx / cell) * 100003 + Math.floor(sy / cell);
      const group = cells.get(key);
      if (group) {
        group.members.push(marker);
        group.sx += sx;
        group.sy += sy;
      } else {
        cells.set(key, { members: [marker], sx, sy });
      }
    }
    return [...cells.values()].map((g) => ({ ...g, sx: g.sx / g.members.length, sy: g.sy / g.members.length }));
  }

  draw() {
    const began = performance.now();
    this.frames += 1;
    const context = this.canvas.getContext("2d");
    context.clearRect(0, 0, this.width, this.height);
    this.grid(context);
    this.groups = this.group();
    context.textAlign = "center";
    context.textBaseline = "middle";
    for (const group of this.groups) {
      const first = group.members[0];
      const marked = group.members.some((m) => this.highlight.has(m.id));
      context.beginPath();
      context.arc(group.sx, group.sy, group.members.length > 1 ? 13 : 9, 0, Math.PI * 2);
      context.fillStyle = first.color;
      context.fill();
      context.lineWidth = marked ? 4 : 1.5;
      context.strokeStyle = marked ? "#111" : "#fff";
      context.stroke();
      context.fillStyle = "#fff";
      context.font = "bold 11px system-ui, sans-serif";
      context.fillText(group.members.length > 1 ? String(group.members.length) : letters[first.type] ?? "?", group.sx, group.sy);
    }
    this.canvas.dataset.drawn = String(this.groups.length);
    this.elevation();
    this.drawTime += performance.now() - began;
  }

  grid(context) {
    const step = this.scale >= 20 ? 1 : this.scale >= 2 ? 10 : 100;
    const start = this.toWorld(0, 0), end = this.toWorld(this.width, this.height);
    context.strokeStyle = getComputedStyle(this.canvas).getPropertyValue("--line").trim() || "#e4e7eb";
    context.lineWidth = 1;
    context.beginPath();
    for (let x = Math.ceil(start.x / step) * step; x <= end.x; x += step) {
      const [sx] = this.toScreen(x, 0);
      context.moveTo(sx, 0);
      context.lineTo(sx, this.height);
    }
    for (let z = Math.ceil(start.z / step) * step; z <= end.z; z += step) {
      const [, sy] = this.toScreen(0, z);
      context.moveTo(0, sy);
      context.lineTo(this.width, sy);
    }
    context.stroke();
    const [ox, oy] = this.toScreen(0, 0);
    context.fillStyle = getComputedStyle(this.canvas).color;
    context.fillRect(ox - 3, oy - 3, 6, 6);
  }

  /** The side elevation: height (y) against x, at the same x scale as the plan. */
  elevation() {
    const context = this.side.getContext("2d");
    const width = this.side.clientWidth || this.width, height = this.side.clientHeight || 120;
    context.clearRect(0, 0, width, height);
    const floor = height - 14;
    const yScale = Math.min(this.scale, 30);
    context.strokeStyle = getComputedStyle(this.side).getPropertyValue("--line").trim() || "#bbb";
    context.beginPath();
    context.moveTo(0, floor);
    context.lineTo(width, floor);
    context.stroke();
    for (const marker of this.markers) {
      const sx = (marker.x - this.center.x) * this.scale + width / 2;
      if (sx < -5 || sx > width + 5) continue;
      context.fillStyle = marker.color;
      context.fillRect(sx - 2, floor - marker.y * yScale - 2, 4, 4);
    }
  }

  at(px, py) {
    let best = null, bestDistance = 16;
    for (const group of this.groups) {
      const distance = Math.hypot(group.sx - px, group.sy - py);
      if (distance < bestDistance) [best, bestDistance] = [group, distance];
    }
    return best;
  }

  listen() {
    const canvas = this.canvas;
    let drag = null;
    canvas.addEventListener("pointerdown", (event) => {
      drag = { x: event.offsetX, y: event.offsetY, moved: 0 };
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const dx = event.offsetX - drag.x, dy = event.offsetY - drag.y;
      drag.moved += Math.abs(dx) + Math.abs(dy);
      drag.x = event.offsetX;
      drag.y = event.offsetY;
      this.panBy(dx, dy);
    });
    canvas.addEventListener("pointerup", (event) => {
      const moved = drag?.moved ?? 0;
      drag = null;
      if (moved > 4) return;
      const group = this.at(event.offsetX, event.offsetY);
      if (group?.members.length === 1) this.onOpen(group.members[0].id);
      else if (group) this.zoomBy(3, group.sx, group.sy);
      else this.onPick(this.toWorld(event.offsetX, event.offsetY));
    });
    canvas.addEventListener("wheel", (event) => {
      event.preventDefault();
      this.zoomBy(event.deltaY < 0 ? 1.2 : 1 / 1.2, event.offsetX, event.offsetY);
    }, { passive: false });
    canvas.addEventListener("keydown", (event) => {
      const moves = { ArrowLeft: [40, 0], ArrowRight: [-40, 0], ArrowUp: [0, 40], ArrowDown: [0, -40] };
      if (moves[event.key]) this.panBy(...moves[event.key]);
      else if (event.key === "+" || event.key === "=") this.zoomBy(1.25);
      else if (event.key === "-") this.zoomBy(0.8);
      else return;
      event.preventDefault();
    });
    new ResizeObserver(() => this.resize()).observe(canvas);
  }
}
