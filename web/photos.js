// Out of Box's shared photos: share the photo of today's completion with friends, and the feed of
// photos one may see (one's own and friends'), each with its comments.

import { api, blobURL, session } from "./api.js";
import { h, field, replace, toast, describe, when, loading } from "./dom.js";

/** The form that shares the photo of `challenge`'s completion with every friend. */
export function shareForm(challenge, done) {
  const form = h("form", { class: "row", "aria-label": "Share with friends" },
    field("Caption", h("input", { name: "caption", maxlength: 500 })),
    h("button", { type: "submit", class: "secondary" }, "Share with friends"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/social/photos", {
        challengeID: challenge.id, caption: form.elements.caption.value || undefined, visibility: "friends",
      });
      toast("Shared with your friends.");
      done();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  return form;
}

function comments(photo) {
  const list = h("ul", { class: "thread", "aria-label": "Comments" });
  const load = async () => {
    const page = await api("GET", "/social/comments", undefined, { photoID: photo.id, limit: 100 });
    replace(list, page.items.map((comment) => h("li", { class: "comment" },
      h("p", { class: "meta" }, h("strong", {}, comment.authorName ?? "A friend"), " · ", when(comment.createdAt)),
      h("p", { class: "text" }, comment.text))));
  };
  const form = h("form", { class: "row", "aria-label": "Comment on the photo" },
    h("input", { name: "text", required: true, maxlength: 1000, "aria-label": "Comment" }),
    h("button", { type: "submit", class: "secondary" }, "Comment"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", "/social/comments", { photoID: photo.id, text: form.elements.text.value });
      form.elements.text.value = "";
      await load();
    } catch (error) {
      toast(describe(error), "error");
    }
  });
  load().catch((error) => replace(list, h("li", { class: "error" }, describe(error))));
  return [list, form];
}

function photoCard(photo) {
  const mine = photo.ownerID === session.current?.user?.id;
  return h("li", { class: "card photo" },
    h("p", { class: "meta" }, h("strong", {}, mine ? "You" : photo.ownerName ?? "A friend"),
      ` · ${photo.challengeTitle ?? photo.challengeID} · ${when(photo.createdAt)}`),
    loading(async () => h("img", {
      class: "media", alt: photo.caption || `Photo for ${photo.challengeTitle ?? "a challenge"}`,
      // The original is its owner's alone (it may say where it was taken); friends see the preview.
      src: await blobURL(`/social/photos/${photo.id}/image?size=${mine ? "original" : "preview"}`),
    })),
    photo.caption ? h("p", {}, photo.caption) : null,
    comments(photo));
}

/** The feed of shared photos, newest first. */
export function feed() {
  return loading(async () => {
    const page = await api("GET", "/social/photos", undefined, { limit: 20 });
    return page.items.length
      ? h("ul", { class: "feed", "aria-label": "Shared photos" }, page.items.map(photoCard))
      : h("p", { class: "muted" }, "No shared photos yet.");
  });
}
