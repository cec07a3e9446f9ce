// `#/annotation/ID`: an annotation's content and media, its comments as a thread (arriving live),
// reactions, status, who may see it in words, edit and move for those allowed, and sharing:
// invite by email with a level and an expiry, the members, revoke.

import { api, all, blobURL, session } from "./api.js";
import { h, field, replace, toast, describe, when, loading, byParent } from "./dom.js";
import { onLiveEvent } from "./events.js";
import { label } from "./spaces.js";
import { shareSection } from "./share.js";

const statuses = ["open", "inProgress", "resolved", "wontFix"];
const emojis = ["👍", "❤️", "🎉", "👀"];

function media(annotation) {
  const asset = annotation.content?.cloudAssetID ?? annotation.attachments?.[0]?.cloudAssetID;
  if (!asset) return null;
  const tag = { photo: "img", drawing: "img", voiceMemo: "audio", video: "video" }[annotation.type];
  if (!tag) {
    return loading(async () => {
      const info = await api("GET", `/assets/${asset}/info`);
      return h("dl", { class: "stats", "aria-label": "The file" },
        h("dt", {}, "Kind"), h("dd", {}, annotation.type === "object3D" ? `3D model (${info.contentType})` : info.contentType),
        h("dt", {}, "Size"), h("dd", {}, `${(info.size / 1024).toFixed(1)} KB`),
        h("dt", {}, "Uploaded"), h("dd", {}, when(info.uploadedAt)),
        h("dt", {}, "File"), h("dd", {}, h("button", { type: "button", class: "link", onclick: async () => {
          const link = h("a", { href: await blobURL(`/assets/${asset}`), download: annotation.title || "model" });
          document.body.append(link);
          link.click();
          link.remove();
        } }, "Download")));
    });
  }
  return loading(async () => {
    const path = tag === "img" ? `/assets/${asset}/preview` : `/assets/${asset}`;
    const url = await blobURL(path).catch(() => blobURL(`/assets/${asset}`));
    return tag === "img" ? h("img", { src: url, alt: annotation.title || "Photo", class: "media" })
      : h(tag, { src: url, controls: true, class: "media" });
  });
}

function visibilityInWords(rules) {
  if (!rules) return "Seen by everyone who may see its layer, at any time.";
  const parts = [];
  const times = rules.timeRules?.length ?? 0, places = rules.locationRules?.length ?? 0;
  if (times) parts.push(`at ${times} set time${times > 1 ? "s" : ""}`);
  if (places) parts.push(`in ${places} place${places > 1 ? "s" : ""}`);
  if (rules.expiresAt) parts.push(`until ${when(rules.expiresAt)}`);
  if (rules.expiresAfterViews) parts.push(`for ${rules.expiresAfterViews} views`);
  return parts.length ? `Shown only ${parts.join(", ")}.` : "Seen by everyone who may see its layer.";
}

/** A comment's text with its `@name` mentions in bold, as text nodes. */
function mentions(text) {
  return text.split(/(@[\p{L}\p{N}_.-]+)/u).map((part) => part.startsWith("@") ? h("strong", { class: "mention" }, part) : part);
}

function commentActions(comment, reload) {
  const me = session.current?.user?.id;
  if (comment.authorID !== me) return null;
  const edit = async () => {
    const box = h("form", { class: "row", "aria-label": "Edit the comment" },
      h("textarea", { name: "text", rows: 2, value: comment.text, "aria-label": "Comment" }),
      h("button", { type: "submit" }, "Save"));
    box.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await api("PATCH", `/comments/${comment.id}`, { text: box.elements.text.value });
        reload();
      } catch (error) {
        toast(describe(error), "error");
      }
    });
    document.querySelector(`li[data-id="${comment.id}"] .text`)?.replaceWith(box);
  };
  const remove = async () => {
    try {
      await api("DELETE", `/comments/${comment.id}`);
      reload();
    } catch (error) {
      toast(describe(error), "error");
    }
  };
  return [h("button", { type: "button", class: "link", onclick: edit }, "Edit"),
    h("button", { type: "button", class: "link", onclick: remove }, "Delete")];
}

function thread(comments, reply, reload) {
  const replies = byParent(comments, (comment) => comment.parentCommentID);
  const branch = (parent) => {
    const items = replies.get(parent);
    if (!items) return null;
    return h("ul", { class: "thread" }, items.map((comment) => h("li", { class: "comment", "data-id": comment.id },
      h("p", { class: "meta" }, h("strong", {}, comment.authorName || "Someone"), " · ", when(comment.createdAt),
        comment.isEdited ? " · edited" : ""),
      h("p", { class: "text" }, mentions(comment.text)),
      reply ? h("button", { type: "button", class: "link", onclick: () => reply(comment) }, "Reply") : null,
      commentActions(comment, reload),
      branch(comment.id))));
  };
  return branch(null) ?? h("p", { class: "muted" }, "No comments yet.");
}

function commentsSection(annotation, onCleanup) {
  const box = h("div", { class: "comments", "aria-live": "polite" });
  const mayComment = annotation.myPermission && annotation.myPermission !== "viewer";
  let parent = null;
  const replying = h("p", { class: "muted" });
  const form = h("form", { class: "stack", "aria-label": "Add a comment" },
    field("Comment (mention people with @name)", h("textarea", { name: "text", required: true, rows: 2 })),
    replying, h("button", { type: "submit" }, "Comment"));
  const reply = mayComment ? (comment) => {
    parent = comment.id;
    replying.textContent = `Replying to ${comment.authorName || "a comment"}`;
    form.elements.text.focus();
  } : null;
  const load = async () => replace(box, thread(await all(`/annotations/${annotation.id}/comments`, { limit: 100 }), reply,
    () => load().catch((error) => toast(describe(error), "error"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", `/annotations/${annotation.id}/comments`, {
        text: form.elements.text.value, parentCommentID: parent ?? undefined,
      });
      form.elements.text.value = "";
      parent = null;
      replying.textContent = "";
      await load();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  // A live update waits while the person is editing one of their comments, so that it does not
  // take the text from under them; saving reloads the thread anyway.
  onCleanup(onLiveEvent((event) => {
    if (event.type !== "changes" && event.type !== "notification") return;
    if (box.querySelector("form[aria-label='Edit the comment']")) return;
    load().catch(() => {});
  }));
  load().catch((error) => replace(box, h("p", { class: "error" }, describe(error))));
  return h("section", { "aria-label": "Comments" }, h("h2", {}, "Comments"), box, mayComment ? form : null);
}

function editSection(annotation, reload) {
  const form = h("form", { class: "stack", "aria-label": "Edit" },
    h("h2", {}, "Edit and move"),
    field("Title", h("input", { name: "title", value: annotation.title ?? "" })),
    annotation.type === "text" ? field("Text", h("textarea", { name: "text", rows: 3, value: annotation.content?.text ?? "" })) : null,
    field("Status", h("select", { name: "status" },
      statuses.map((status) => h("option", { value: status, selected: status === annotation.status }, status)))),
    h("div", { class: "row" }, ["x", "y", "z"].map((axis, index) => field(axis, h("input", {
      name: axis, type: "number", step: "any", class: "short", value: String(annotation.position[index]),
    })))),
    h("button", { type: "submit" }, "Save"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const patch = { title: form.elements.title.value || null, status: form.elements.status.value };
    if (form.elements.text) patch.content = { ...annotation.content, text: form.elements.text.value };
    const position = ["x", "y", "z"].map((axis) => Number(form.elements[axis].value));
    if (position.some((value, index) => value !== annotation.position[index])) patch.position = position;
    try {
      await api("PATCH", `/annotations/${annotation.id}`, patch);
      toast("Saved.");
      reload();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

function reactions(annotation, reload) {
  const me = session.current?.user?.id;
  const mine = new Set((annotation.reactions ?? []).filter((r) => r.userID === me).map((r) => r.emoji));
  const counts = new Map();
  for (const reaction of annotation.reactions ?? []) counts.set(reaction.emoji, (counts.get(reaction.emoji) ?? 0) + 1);
  return h("div", { class: "row", "aria-label": "Reactions" }, emojis.map((emoji) => h("button", {
    type: "button", class: "secondary", "aria-pressed": mine.has(emoji) ? "true" : "false",
    onclick: async () => {
      try {
        if (mine.has(emoji)) await api("DELETE", `/annotations/${annotation.id}/reactions/${encodeURIComponent(emoji)}`);
        else await api("POST", `/annotations/${annotation.id}/reactions`, { emoji });
        reload();
      } catch (error) {
        toast(describe(error), "error");
      }
    },
  }, `${emoji} ${counts.get(emoji) ?? ""}`)));
}

/** `#/annotation/ID`. */
export function annotationPage([id], onCleanup) {
  const box = h("div", { class: "annotation" });
  const reload = () => replace(box, loading(async () => {
    const annotation = await api("GET", `/annotations/${id}`);
    const canEdit = annotation.myPermission === "owner" || annotation.myPermission === "editor";
    return [
      h("p", {}, h("a", { href: `#/spaces/${annotation.layerID}` }, "← Its layer")),
      h("h1", {}, label(annotation)),
      h("p", { class: "muted" }, `${annotation.type} · ${annotation.status} · at ${annotation.position.join(", ")} · your access: ${annotation.myPermission}`),
      annotation.content?.text ? h("p", { class: "content" }, annotation.content.text) : null,
      media(annotation),
      h("p", { class: "muted" }, visibilityInWords(annotation.visibilityRules)),
      reactions(annotation, reload),
      commentsSection(annotation, onCleanup),
      canEdit ? editSection(annotation, reload) : null,
      canEdit ? shareSection({ annotationID: annotation.id, ownerID: annotation.ownerID }) : null,
    ];
  }));
  reload();
  return box;
}
