/**
 * The Add/Edit Post form as the server reads it: a thin adapter between the
 * posted fields (multipart, with the featured image and the social card's
 * background) and `savePost`'s input (app/domain/posts/editing.server.ts decides).
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { cleanContent } from "~/domain/content/pipeline.server";
import { embedLinksForSave } from "~/domain/embeds/resolve.server";
import { badRequest, forbidden, isDomainError } from "~/domain/errors.server";
import { savePost, trashPost } from "~/domain/posts/editing.server";
import { ALL_FIELDS_REQUIRED, POST_INTENTS, type PostIntent } from "~/domain/posts/fields";
import type { PostInput, SaveAction } from "~/domain/posts/post-input.server";
import { getEditablePost, type PostDocument } from "~/domain/posts/staff-views.server";
import { getSettings } from "~/domain/site/settings.server";
import { getCategoryName, listCategories, listTags } from "~/domain/taxonomy/taxonomy.server";
import { storeAutosave } from "~/domain/workflow/autosave.server";
import { publishWarnings } from "~/domain/workflow/publish-warnings.server";
import { getDb } from "~/platform/db.server";
import { redirectWithFlash } from "~/web/flash.server";
import {
  formError,
  type PostedForm,
  parseIntent,
  readForm,
  withStoredImages,
} from "~/web/forms.server";
import { contributorLines, postedBylineRows } from "~/web/screens/byline-field.server";

/** The form's file inputs. */
export const POST_IMAGE_FIELDS = ["photo", "cardImage"] as const;

export type PostForm = PostedForm;

/** Reads the posted form (multipart with up to two images, or urlencoded). */
export async function readPostForm(request: Request): Promise<PostForm> {
  // The content field carries up to 1,000,000 characters of HTML.
  return withCategoryName(
    await readForm(request, { files: POST_IMAGE_FIELDS, maxFieldBytes: 4 * 1024 * 1024 }),
  );
}

/**
 * The form names the category by id (`categoryId`), so a category renamed while the post is open
 * is still the one chosen; the domain takes a name, read here in the same request (the JSON calls
 * send names). An id that no longer exists is refused by `savePost` as an unknown category.
 */
export function withCategoryName<F extends Pick<PostForm, "fields">>(form: F): F {
  const raw = form.fields.categoryId;
  if (raw === undefined) return form;
  const id = /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
  const name = id === null ? undefined : getCategoryName(getDb(), id);
  form.fields.category = raw.trim() === "" ? "" : (name ?? `#${raw.trim()} (deleted)`);
  return form;
}

/** The form's buttons (`name="intent"`). */
const PostIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(POST_INTENTS) }),
]);

/**
 * `savePost`'s input from the form. An image field without a new file keeps
 * the post's current image (on Edit); "Remove background image" clears the
 * card's. The card is saved only when "Add a social card" is ticked.
 */
export function postInputFromForm(
  form: Pick<PostForm, "fields" | "lists">,
  action: SaveAction,
  urls: Record<string, string>,
  existing?: Pick<PostDocument, "photo" | "socialCard">,
): PostInput {
  const { fields, lists } = form;
  const byline = postedBylineRows(form);
  const cardImage =
    urls.cardImage ?? (fields.removeCardImage ? "" : (existing?.socialCard?.image ?? ""));
  return {
    action,
    title: fields.title ?? "",
    category: fields.category ?? "",
    summary: fields.summary ?? "",
    content: fields.content ?? "",
    tags: (lists.tags ?? []).filter(Boolean),
    photo: urls.photo ?? existing?.photo ?? null,
    // Only Schedule reads the time: the field's wall-clock time, read in the site's zone by savePost.
    publishAt: action === "schedule" && fields.publishAt ? fields.publishAt : null,
    version: fields.version || null,
    socialCard: fields.socialCard
      ? {
          name: fields.cardName ?? "",
          description: fields.cardDescription ?? "",
          image: cardImage,
          blur: fields.cardBlur,
        }
      : null,
    commentsClosed: fields.commentsClosed === "on",
    // Absent when members are off (the select is hidden): the post keeps its visibility.
    visibility: (fields.visibility || undefined) as PostInput["visibility"],
    ...(byline ? { contributors: contributorLines(byline) } : {}),
  };
}

/** What a refused form puts back (the tags as a JSON list; never files). */
export function postFormValues(form: Pick<PostForm, "fields" | "lists">): Record<string, string> {
  const keep = [
    "title",
    "category",
    "categoryId",
    "summary",
    "content",
    "socialCard",
    "cardName",
    "cardDescription",
    "cardBlur",
    "removeCardImage",
    "publishAt",
    "commentsClosed",
    "visibility",
  ];
  const values: Record<string, string> = {};
  for (const key of keep) if (form.fields[key] !== undefined) values[key] = form.fields[key];
  values.tags = JSON.stringify(form.lists.tags ?? []);
  const byline = postedBylineRows(form);
  if (byline) values.byline = JSON.stringify(byline);
  return values;
}

/** The form again with the "take it off the site?" question (a 200: nothing went wrong). */
function confirmData(values: Record<string, string>) {
  return data({ error: null, values, intent: "draft", confirmUnpublish: true as const });
}

/** The form again with what Publish should look at first (a 200: the writer decides). */
function warningsData(values: Record<string, string>, publishWarnings: string[]) {
  return data({ error: null, values, intent: "publish", publishWarnings });
}

/**
 * Add Post's and Edit Post's action (docs/behaviour.md §posts): Save Draft, Publish Post and
 * Preview save through `savePost` (Preview then opens the post's page);
 * Move to Trash trashes; Delete Post goes to the posts list's confirm step.
 * Save Draft on a published post first answers the form again with a
 * confirm step ("This takes the post off the site"); its button posts
 * `confirmUnpublish=yes` with the fields, and only then is the post a draft.
 * Success redirects with the message of docs/behaviour.md §posts; a refusal re-renders the form
 * with what was typed, the message and the error's status, nothing written.
 */
export async function postFormAction(
  request: Request,
  actor: SessionUser,
  id?: number,
): Promise<
  | Response
  | ReturnType<typeof formError>
  | ReturnType<typeof confirmData>
  | ReturnType<typeof warningsData>
> {
  let form: PostForm | undefined;
  let intent: PostIntent = "draft";
  try {
    form = await readPostForm(request);
    intent = parseIntent(form, PostIntentSchema).intent;
    if (intent === "trash" || intent === "delete") {
      await form.discard();
      if (id === undefined) throw badRequest("Save the post first");
      if (intent === "delete") {
        if (!can(actor.role, "deletePosts")) throw forbidden("Contributors cannot delete posts");
        getEditablePost(actor, id);
        return redirect(`/admin/posts?confirm=${id}`, 303);
      }
      trashPost(actor, id);
      return redirectWithFlash("/admin/posts", {
        type: "success",
        message: "Post updated successfully!",
      });
    }
    const existing = id === undefined ? undefined : getEditablePost(actor, id);
    if (
      intent === "draft" &&
      existing?.status === "published" &&
      form.fields.confirmUnpublish !== "yes"
    ) {
      // Save Draft takes a published post off the site: ask first, keeping what was typed.
      await form.discard();
      return confirmData(postFormValues(form));
    }
    if (intent === "publish" && form.fields.confirmWarnings !== "yes") {
      // Publish warnings (docs/behaviour.md §workflow) are confirmed with "Publish anyway".
      const content = cleanContent(form.fields.content ?? "");
      const warnings = publishWarnings(getDb(), { id: id ?? null, content });
      if (warnings.length > 0) {
        await form.discard();
        return warningsData(postFormValues(form), warnings);
      }
    }
    const saving = form;
    const action: SaveAction = intent;
    // Lone links become embed cards before the save (docs/behaviour.md §embeds).
    const embedded = await embedLinksForSave(getDb(), actor, saving.fields.content ?? "");
    saving.fields.content = embedded.content;
    const { post, message } = await withStoredImages(
      saving,
      POST_IMAGE_FIELDS,
      { collection: "posts", actor },
      (urls) => savePost(actor, postInputFromForm(saving, action, urls, existing), { id }),
    );
    const to = intent === "preview" ? post.url : `/admin/posts/edit/${post.id}`;
    const said = embedded.note ? `${message} ${embedded.note}` : message;
    return redirectWithFlash(to, { type: "success", message: said });
  } catch (error) {
    await form?.discard();
    const values = form ? postFormValues(form) : {};
    if (!isDomainError(error)) throw error;
    // A save over a newer version: what was typed is kept as the user's autosave too.
    if (error.status === 409 && id !== undefined && form) {
      keepTyped(actor, id, form);
    }
    if (intent === "trash" || intent === "delete") {
      const message = intent === "trash" ? "Error updating post" : "Error deleting post";
      return formError(error, { message: () => message, values, intent });
    }
    const prefix =
      error.message === ALL_FIELDS_REQUIRED
        ? undefined
        : intent === "draft"
          ? "Error saving draft"
          : "Error saving post";
    return formError(error, { prefix, values, intent });
  }
}

function keepTyped(actor: SessionUser, id: number, form: PostForm) {
  try {
    storeAutosave(
      actor,
      id,
      {
        title: form.fields.title,
        category: form.fields.category,
        summary: form.fields.summary,
        content: form.fields.content,
        tags: form.lists.tags ?? [],
      },
      { reason: "Kept from a refused save" },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
}

/** The choices of the form; the category starts at Settings' default category when it exists. */
export function postFormChoices() {
  const db = getDb();
  const categories = listCategories(db).map((c) => ({ id: c.id, name: c.name }));
  const tags = listTags(db).map((t) => t.name);
  const settings = getSettings(db);
  const preferred = settings.defaultCategory;
  return {
    categories,
    tags,
    /** With members off, Edit Post offers no visibility (docs/members.md). */
    membersEnabled: settings.membersEnabled,
    defaultCategory:
      categories.find((c) => c.name.toLowerCase() === preferred.toLowerCase())?.name ?? "",
  };
}
