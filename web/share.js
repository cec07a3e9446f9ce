// Sharing a layer or an annotation: invite by email with a level and an expiry (someone with an
// account gets access at once, anyone else when they sign up with that email), the members, and
// revoking a member's access.

import { api, all } from "./api.js";
import { h, field, replace, toast, describe, when } from "./dom.js";

const levels = ["viewer", "commenter", "editor"];

/** The members of `target` (`{layerID}` or `{annotationID}`, with its `ownerID`) by name where known. */
async function members(target) {
  if (target.layerID) {
    const people = await all(`/layers/${target.layerID}/members`);
    return people.map((member) => ({ ...member, name: member.displayName ?? "Someone" }));
  }
  const grants = await all(`/annotations/${target.annotationID}/permissions`);
  return grants.map((grant) => ({
    ...grant, isOwner: grant.userID === target.ownerID, name: `Person ${grant.userID.slice(0, 8)}`,
  }));
}

/** The share form, members and invitations of `target` (`{layerID}` or `{annotationID}`, `ownerID`). */
export function shareSection(target) {
  const path = target.layerID ? `/layers/${target.layerID}` : `/annotations/${target.annotationID}`;
  const list = h("ul", { class: "members", "aria-label": "Members" });
  const invited = h("ul", { class: "invitations", "aria-label": "Invitations" });
  const load = async () => {
    const [people, invitations] = await Promise.all([members(target), all("/invitations")]);
    const mine = invitations.filter((invitation) =>
      target.layerID ? invitation.layerID === target.layerID : invitation.annotationID === target.annotationID);
    replace(invited, mine.map((invitation) => h("li", {}, `${invitation.email} · ${invitation.level} · ${invitation.status}`)));
    const others = people.filter((person) => !person.isOwner);
    replace(list, others.length ? others.map((person) => h("li", {},
      `${person.name} · ${person.level}`, person.expiresAt ? ` · until ${when(person.expiresAt)}` : "", " ",
      h("button", { type: "button", class: "link", onclick: async () => {
        try {
          await api("DELETE", `${path}/permissions/${person.userID}`);
          toast(`${person.name} no longer has access.`);
          await load();
        } catch (error) {
          toast(describe(error), "error");
        }
      } }, "Revoke"))) : h("li", { class: "muted" }, "Shared with no one."));
  };
  const form = h("form", { class: "stack", "aria-label": "Share" },
    h("h2", {}, target.layerID ? "Share this layer" : "Share"),
    field("Email", h("input", { name: "email", type: "email", required: true })),
    h("div", { class: "row" },
      field("Level", h("select", { name: "level" }, levels.map((level) => h("option", { value: level }, level)))),
      field("Until (optional)", h("input", { name: "expires", type: "date" }))),
    h("button", { type: "submit" }, "Invite"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const expires = form.elements.expires.value;
    try {
      const invitation = await api("POST", "/invitations", {
        layerID: target.layerID, annotationID: target.annotationID,
        email: form.elements.email.value, level: form.elements.level.value,
        expiresAt: expires ? new Date(expires + "T23:59:59").toISOString() : undefined,
      });
      toast(invitation.status === "accepted" ? "Shared." : "Invited: they get access when they sign up.");
      form.elements.email.value = "";
      await load();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  load().catch((error) => replace(list, h("li", { class: "error" }, describe(error))));
  // A plan that may not share gets a sentence instead of a form that would be refused.
  api("GET", "/me/usage").then((usage) => {
    if (usage.limits?.canShare === false) {
      form.replaceWith(h("p", { class: "muted" }, "Your plan does not include sharing; a plan that does lets you invite people here."));
    }
  }).catch(() => {});
  return h("section", { class: "share" }, form, h("h3", {}, "Members"), list, h("h3", {}, "Invitations"), invited);
}
