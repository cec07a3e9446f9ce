// `#/challenge`: Out of Box. Today's challenge (complete with a photo, skip with a reason, rate),
// the history with photos, stats with a streak calendar, this week's insights as a chart drawn
// by our own code, and friends.

import { api, all, blobURL, upload } from "./api.js";
import { h, field, replace, toast, describe, loading } from "./dom.js";
import { feed, shareForm } from "./photos.js";

const reasons = {
  noTime: "No time", notInterested: "Not interested", tooExpensive: "Too expensive", weather: "Weather",
  noCompany: "No company", tooDifficult: "Too difficult", notPossibleHere: "Not possible here", other: "Other",
};
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function photo(assetID, alt) {
  return loading(async () => h("img", {
    class: "thumb", alt, src: await blobURL(`/assets/${assetID}/thumbnail`).catch(() => blobURL(`/assets/${assetID}`)),
  }));
}

function completeForm(challenge, done) {
  const progress = h("progress", { max: "1", value: "0", hidden: true, "aria-label": "Upload progress" });
  const form = h("form", { class: "stack", "aria-label": "Complete" },
    field("Photo (optional)", h("input", { name: "photo", type: "file", accept: "image/*" })),
    progress,
    field("Notes (optional)", h("textarea", { name: "notes", rows: 2, maxlength: 2000 })),
    h("button", { type: "submit" }, "Complete"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const file = form.elements.photo.files[0];
      let photoAssetID;
      if (file) {
        progress.hidden = false;
        photoAssetID = (await upload("/assets", file, (fraction) => { progress.value = fraction; })).id;
      }
      await api("POST", `/challenges/${encodeURIComponent(challenge.id)}/complete`, {
        photoAssetID, notes: form.elements.notes.value || undefined,
      });
      toast("Completed. Well done!");
      done();
    } catch (error) {
      toast(describe(error), "error");
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

function skipForm(challenge, done) {
  const form = h("form", { class: "row", "aria-label": "Skip" },
    field("Reason", h("select", { name: "reason" }, Object.entries(reasons).map(([value, text]) => h("option", { value }, text)))),
    h("button", { type: "submit", class: "secondary" }, "Skip"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", `/challenges/${encodeURIComponent(challenge.id)}/skip`, { reason: form.elements.reason.value });
      done();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

function rating(challenge, current, done) {
  return h("div", { class: "row", role: "group", "aria-label": "Rate this challenge" }, [1, 2, 3, 4, 5].map((stars) =>
    h("button", { type: "button", class: "secondary", "aria-pressed": current === stars ? "true" : "false",
      "aria-label": `${stars} star${stars > 1 ? "s" : ""}`, onclick: async () => {
        try {
          await api("POST", `/challenges/${encodeURIComponent(challenge.id)}/rate`, { rating: stars });
          done();
        } catch (error) {
          toast(describe(error), "error");
        }
      } }, "★".repeat(stars))));
}

function today(reload) {
  return loading(async () => {
    const { challenge, assignment } = await api("GET", "/challenges/today", undefined, { timeZone });
    const shared = assignment.photoAssetID
      ? (await api("GET", "/social/photos", undefined, { limit: 20 })).items.some((photo) => photo.assignmentID === assignment.id)
      : false;
    return h("article", { class: "card today", "aria-label": "Today's challenge" },
      h("p", { class: "muted" }, `Today · ${challenge.category} · ${challenge.timeInvestment} · ${challenge.costLevel}`),
      h("h2", {}, challenge.title),
      h("p", {}, challenge.description),
      h("p", { class: "status" }, `Status: ${assignment.status}`),
      assignment.status === "assigned" ? [completeForm(challenge, reload), skipForm(challenge, reload)] : null,
      assignment.photoAssetID ? photo(assignment.photoAssetID, `Your photo for ${challenge.title}`) : null,
      assignment.status === "completed" ? rating(challenge, assignment.userRating, reload) : null,
      assignment.status === "completed" && assignment.photoAssetID && !shared ? shareForm(challenge, reload) : null,
      shared ? h("p", { class: "muted" }, "Shared with your friends.") : null);
  });
}

function days(count) {
  return `${count} day${count === 1 ? "" : "s"}`;
}

function calendar(items) {
  const done = new Set(items.filter((item) => item.assignment.status === "completed").map((item) => item.assignment.localDay));
  const days = [];
  const now = new Date();
  for (let back = 34; back >= 0; back -= 1) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    const key = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    days.push(h("span", { class: done.has(key) ? "day done" : "day", title: key, "aria-label": `${key}${done.has(key) ? ", completed" : ""}` }, String(day.getDate())));
  }
  return h("div", { class: "calendar", role: "img", "aria-label": "The last five weeks; completed days are filled" }, days);
}

function stats() {
  return loading(async () => {
    const [numbers, history] = await Promise.all([api("GET", "/user/stats"), api("GET", "/challenges/history", undefined, { limit: 50 })]);
    return [
      h("dl", { class: "stats" },
        h("dt", {}, "Streak"), h("dd", {}, `${days(numbers.currentStreak)} (longest ${days(numbers.longestStreak)})`),
        h("dt", {}, "Completed"), h("dd", {}, `${numbers.totalCompleted} of ${numbers.totalAssigned}`),
        h("dt", {}, "Skipped"), h("dd", {}, String(numbers.totalSkipped))),
      calendar(history.items),
      h("h2", {}, "History"),
      h("ul", { class: "history" }, history.items.map(({ challenge, assignment }) => h("li", {},
        h("strong", {}, challenge.title), ` · ${assignment.status} · ${assignment.localDay}`,
        assignment.userRating ? ` · ${"★".repeat(assignment.userRating)}` : "",
        assignment.photoAssetID ? photo(assignment.photoAssetID, `Photo for ${challenge.title}`) : null))),
    ];
  });
}

function insights() {
  return loading(async () => {
    const week = await api("GET", "/analytics/insights");
    const canvas = h("canvas", { class: "chart", width: "360", height: "180", role: "img",
      "aria-label": `Completions by category this week: ${Object.entries(week.categoriesThisWeek).map(([k, v]) => `${k} ${v}`).join(", ")}` });
    requestAnimationFrame(() => bars(canvas, week.categoriesThisWeek));
    return [h("p", {}, `This week: ${week.completed} completed, ${week.skipped} skipped, ${Math.round(week.completionRate * 100)}% done.`), canvas];
  });
}

function bars(canvas, values) {
  const context = canvas.getContext("2d");
  const entries = Object.entries(values);
  const top = Math.max(1, ...entries.map(([, v]) => v));
  const width = canvas.width / entries.length;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.font = "10px system-ui, sans-serif";
  context.textAlign = "center";
  entries.forEach(([name, value], index) => {
    const height = (value / top) * (canvas.height - 40);
    context.fillStyle = "#27d";
    context.fillRect(index * width + 6, canvas.height - 24 - height, width - 12, height);
    context.fillStyle = getComputedStyle(canvas).color;
    context.fillText(name.slice(0, 6), index * width + width / 2, canvas.height - 8);
    context.fillText(String(value), index * width + width / 2, canvas.height - 28 - height);
  });
}

function friends() {
  const list = h("ul", { class: "friends" });
  const requests = h("ul", { class: "requests" });
  const load = async () => {
    const [mine, waiting] = await Promise.all([all("/social/friends"), all("/social/requests")]);
    replace(list, mine.length ? mine.map((friend) => h("li", {}, friend.displayName ?? "A friend")) : h("li", { class: "muted" }, "No friends yet."));
    replace(requests, waiting.filter((r) => r.status === "pending").map((request) => h("li", {},
      request.fromName ?? "Someone", " → ", request.toName ?? "someone", " ",
      ...["accept", "decline", "cancel"].map((action) => h("button", { type: "button", class: "link", onclick: async () => {
        try {
          await api("POST", `/social/requests/${request.id}`, { action });
          await load();
        } catch (error) {
          toast(describe(error), "error");
        }
      } }, action)))));
  };
  const form = h("form", { class: "row", "aria-label": "Add a friend" },
    field("Friend's email", h("input", { name: "email", type: "email", required: true })),
    h("button", { type: "submit" }, "Ask"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/social/requests", { email: form.elements.email.value });
      form.elements.email.value = "";
      toast("Asked.");
      await load();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  load().catch((error) => replace(list, h("li", { class: "error" }, describe(error))));
  return [list, h("h3", {}, "Requests"), requests, form];
}

/** `#/challenge`. */
export function challengePage() {
  const box = h("div", { class: "challenge" });
  const reload = () => replace(box,
    h("h1", {}, "Out of Box"), today(reload),
    h("h2", {}, "Your numbers"), stats(),
    h("h2", {}, "This week"), insights(),
    h("h2", {}, "Friends"), friends(),
    h("h2", {}, "Shared photos"), feed());
  reload();
  return box;
}
