// `#/account`: profile, password, plan and usage against its limits (a bar per limit), the data
// export, and deleting the account (after typing the email to confirm).

import { api, all, session } from "./api.js";
import { h, field, replace, toast, describe, loading, when, layerColors } from "./dom.js";
import { disconnect } from "./events.js";

function usageBar(name, used, limit, format = String) {
  return h("div", { class: "usage" },
    h("span", {}, `${name}: ${format(used)} of ${limit === null || limit === undefined ? "unlimited" : format(limit)}`),
    limit ? h("progress", { max: String(limit), value: String(Math.min(used, limit)), "aria-label": name }) : null);
}

function byteSize(bytes) {
  return bytes >= 1073741824 ? `${(bytes / 1073741824).toFixed(1)} GB` : `${(bytes / 1048576).toFixed(1)} MB`;
}

function profileForm(me) {
  const form = h("form", { class: "stack", "aria-label": "Profile" },
    h("h2", {}, "Profile"),
    h("p", { class: "muted" }, me.email ?? ""),
    field("Name", h("input", { name: "displayName", value: me.displayName ?? "", required: true })),
    h("button", { type: "submit" }, "Save"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const user = await api("PATCH", "/me", { displayName: form.elements.displayName.value });
      session.save(session.current.token, user);
      toast("Saved.");
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

function sessionsSection() {
  const list = h("ul", { class: "sessions", "aria-label": "Signed-in devices" });
  const load = async () => {
    const sessions = await all("/me/sessions");
    replace(list, sessions.map((item) => h("li", {},
      `${item.deviceName ?? "A device"} · since ${when(item.createdAt)} · last used ${when(item.lastUsedAt)}`,
      item.current ? h("strong", {}, " · this browser") : h("button", { type: "button", class: "link", onclick: async () => {
        try {
          await api("DELETE", `/me/sessions/${item.id}`);
          await load();
        } catch (error) {
          toast(describe(error), "error");
        }
      } }, "Sign out there"))));
  };
  load().catch((error) => replace(list, h("li", { class: "error" }, describe(error))));
  return h("section", { "aria-label": "Sessions" }, h("h2", {}, "Where you are signed in"), list,
    h("button", { type: "button", class: "secondary", onclick: async () => {
      try {
        await api("POST", "/me/sessions/revoke-others");
        toast("Signed out everywhere else.");
        await load();
      } catch (error) {
        toast(describe(error), "error");
      }
    } }, "Sign out everywhere else"));
}

function preferencesForm(me) {
  const preferences = me.preferences ?? {};
  const form = h("form", { class: "stack", "aria-label": "Preferences" },
    h("h2", {}, "Preferences"),
    field("Theme", h("select", { name: "theme" }, ["auto", "light", "dark"].map((theme) =>
      h("option", { value: theme, selected: preferences.theme === theme }, theme)))),
    field("New layers' colour", h("select", { name: "defaultLayerColor" }, Object.keys(layerColors).map((color) =>
      h("option", { value: color, selected: preferences.defaultLayerColor === color }, color)))),
    field("Show annotations within (metres)", h("input", {
      name: "annotationDisplayDistance", type: "number", min: "0.1", step: "any",
      value: String(preferences.annotationDisplayDistance ?? 10),
    })),
    field("Time zone (for visibility times)", h("input", {
      name: "timeZone", value: preferences.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    })),
    h("label", { class: "inline" }, h("input", { type: "checkbox", name: "enableNotifications", checked: preferences.enableNotifications }), " Notifications"),
    h("label", { class: "inline" }, h("input", { type: "checkbox", name: "showAnnotationsOnStartup", checked: preferences.showAnnotationsOnStartup }), " Show annotations on start"),
    h("button", { type: "submit" }, "Save preferences"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const elements = form.elements;
    try {
      await api("PUT", "/me/preferences", {
        ...preferences, theme: elements.theme.value, defaultLayerColor: elements.defaultLayerColor.value,
        annotationDisplayDistance: Number(elements.annotationDisplayDistance.value),
        enableNotifications: elements.enableNotifications.checked,
        showAnnotationsOnStartup: elements.showAnnotationsOnStartup.checked,
        timeZone: elements.timeZone.value || null,
      });
      session.save(session.current.token, await api("GET", "/me"));
      document.documentElement.dataset.theme = elements.theme.value;
      toast("Saved.");
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

function passwordForm() {
  const form = h("form", { class: "stack", "aria-label": "Password" },
    h("h2", {}, "Password"),
    field("Current password", h("input", { name: "current", type: "password", autocomplete: "current-password", required: true })),
    field("New password", h("input", { name: "next", type: "password", autocomplete: "new-password", required: true })),
    h("button", { type: "submit" }, "Change password"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/me/password", { currentPassword: form.elements.current.value, newPassword: form.elements.next.value });
      form.reset();
      toast("Password changed.");
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

async function download() {
  try {
    const data = await api("GET", "/me/export");
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
    const link = h("a", { href: url, download: "reality-export.json" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) {
    toast(describe(error), "error");
  }
}

function deleteForm(me) {
  const form = h("form", { class: "stack danger", "aria-label": "Delete account" },
    h("h2", {}, "Delete account"),
    h("p", {}, "This deletes your account, your layers and annotations, and everything you made, on every device. It cannot be undone."),
    field("Type your email to confirm", h("input", { name: "confirm", type: "email", required: true })),
    h("button", { type: "submit", class: "danger" }, "Delete my account"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (form.elements.confirm.value.trim().toLowerCase() !== (me.email ?? "").toLowerCase()) {
      toast("That is not your email.", "error");
      return;
    }
    try {
      await api("DELETE", "/me");
      session.clear();
      disconnect();
      location.hash = "#/signup";
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

/** `#/account`. */
export function accountPage() {
  return h("div", { class: "account" }, h("h1", {}, "Account"), loading(async () => {
    const [me, usage] = await Promise.all([api("GET", "/me"), api("GET", "/me/usage")]);
    return [
      profileForm(me),
      h("section", { "aria-label": "Plan and usage" }, h("h2", {}, `Plan: ${me.subscriptionTier}`),
        usageBar("Annotations", usage.annotationCount, usage.limits?.maxAnnotations),
        usageBar("Layers", usage.layerCount, usage.limits?.maxLayers),
        usageBar("Storage", usage.storageUsed, usage.limits?.maxStorage, byteSize)),
      preferencesForm(me),
      passwordForm(),
      sessionsSection(),
      h("section", {}, h("h2", {}, "Your data"),
        h("button", { type: "button", class: "export", onclick: download }, "Download an export")),
      deleteForm(me),
    ];
  }));
}
