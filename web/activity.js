// `#/activity`: notifications (live over the events socket) and the activity of shared layers.

import { api, all } from "./api.js";
import { h, replace, describe, when, toast } from "./dom.js";
import { onLiveEvent } from "./events.js";

function notificationItem(notification, reload) {
  const link = notification.annotationID ? `#/annotation/${notification.annotationID}` : null;
  return h("li", { class: notification.isRead ? "read" : "unread" },
    h("strong", {}, notification.title), " ", notification.body, " ",
    h("span", { class: "muted" }, when(notification.createdAt)), " ",
    link ? h("a", { href: link }, "Open") : null, " ",
    notification.isRead ? null : h("button", { type: "button", class: "link", onclick: async () => {
      try {
        await api("POST", `/notifications/${notification.id}/read`);
        reload();
      } catch (error) {
        toast(describe(error), "error");
      }
    } }, "Mark read"));
}

/** `#/activity`. */
export function activityPage(_, onCleanup) {
  const notifications = h("ul", { class: "notifications", "aria-live": "polite", "aria-label": "Notifications" });
  const activity = h("ul", { class: "activity", "aria-label": "Activity" });
  const reload = async () => {
    try {
      const [mine, recent] = await Promise.all([all("/notifications", { limit: 50 }, 200), api("GET", "/activity", undefined, { limit: 50 })]);
      replace(notifications, mine.length ? mine.map((n) => notificationItem(n, reload)) : h("li", { class: "muted" }, "No notifications."));
      replace(activity, recent.items.length ? recent.items.map((item) => h("li", {}, item.summary, " ",
        h("span", { class: "muted" }, when(item.createdAt)), " ",
        item.annotationID ? h("a", { href: `#/annotation/${item.annotationID}` }, "Open") : null))
        : h("li", { class: "muted" }, "Nothing yet."));
    } catch (error) {
      replace(notifications, h("li", { class: "error", role: "alert" }, describe(error)));
    }
  };
  onCleanup(onLiveEvent((event) => {
    if (event.type === "notification" || event.type === "changes") reload();
  }));
  reload();
  return h("div", {}, h("h1", {}, "Activity"), h("h2", {}, "Notifications"), notifications, h("h2", {}, "In your layers"), activity);
}
