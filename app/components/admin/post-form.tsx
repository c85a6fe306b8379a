import { type FormEvent, useState } from "react";
import toast from "react-hot-toast";
import { Form, useNavigation } from "react-router";
import { CheckField, ImageField, LabeledInput, LabeledSelect } from "~/components/admin/fields";
import { IntentButton } from "~/components/admin/intent-button";
import { DeletePostConfirm, type DeleteTarget } from "~/components/admin/post-delete";
import { SocialCardFields } from "~/components/admin/social-card-fields";
import { FormError } from "~/components/admin/toasts";
import { UnpublishConfirm } from "~/components/admin/unpublish-confirm";
import {
  BylineField,
  type BylineFieldProps,
  bylineFormRows,
} from "~/components/bylines/byline-field";
import { RichTextField } from "~/components/editor/rich-text-field";
import { PublishWarnings } from "~/components/posts/publish-warnings";
import { ScheduleField } from "~/components/posts/schedule-field";
import {
  ALL_FIELDS_REQUIRED,
  DEFAULT_CARD_BLUR,
  hasBlankRequiredField,
  isBlankHtml,
  isBlankText,
  type PostIntent,
  SAVING_INTENTS,
} from "~/domain/posts/fields";
import {
  POST_VISIBILITIES,
  type PostVisibility,
  VISIBILITY_LABELS,
} from "~/domain/posts/visibility";
import { DEFAULT_SCHEDULE_TIME_ZONE } from "~/domain/workflow/schedule-time";
import { useHydrated } from "~/hooks/use-hydrated";
import { slugify } from "~/utils/slug";

export type PostFormPost = {
  id?: number;
  title: string;
  category: string;
  tags: string[];
  summary: string;
  content: string;
  photo: string | null;
  status: string;
  socialCard: { name: string; description: string; image: string; blur: number } | null;
  /** When a scheduled post goes live (epoch ms). */
  publishAt?: number | null;
  /** The version the editor opened; a save over a newer one is refused. */
  version?: number;
  commentsClosed?: boolean;
  visibility?: PostVisibility;
};

/** A refused submission (status 4xx): the message and what was typed. */
export type PostFormResult = {
  error?: string | null;
  values?: Record<string, string>;
  intent?: string | null;
  /** Save Draft on a published post: asked first (the form is answered again with this). */
  confirmUnpublish?: boolean;
  /** Publish with something to look at first: confirmed with "Publish anyway". */
  publishWarnings?: string[];
};

function parseTags(json: string | undefined): string[] | undefined {
  if (json === undefined) return undefined;
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The post's values, or what a refused submission sent back. */
function initialValues(post: PostFormPost, result: PostFormResult | undefined) {
  const v = result?.values;
  if (!v) {
    return {
      ...post,
      cardOn: post.socialCard !== null,
      cardName: post.socialCard?.name ?? "",
      cardDescription: post.socialCard?.description ?? "",
      cardBlur: String(post.socialCard?.blur ?? DEFAULT_CARD_BLUR),
    };
  }
  return {
    ...post,
    title: v.title ?? post.title,
    category: v.category ?? post.category,
    tags: parseTags(v.tags) ?? post.tags,
    summary: v.summary ?? post.summary,
    content: v.content ?? post.content,
    cardOn: Boolean(v.socialCard),
    cardName: v.cardName ?? "",
    cardDescription: v.cardDescription ?? "",
    cardBlur: v.cardBlur ?? String(DEFAULT_CARD_BLUR),
    commentsClosed: v.commentsClosed === "on",
    visibility: (v.visibility as PostVisibility | undefined) ?? post.visibility,
  };
}

/** After "All fields are required": focus goes to the first blank one, in the form's order. */
function focusFirstBlank(form: HTMLFormElement, text: (name: string) => string) {
  const blank = ["title", "categoryId", "summary", "content"].find((name) =>
    name === "content" ? isBlankHtml(text(name)) : isBlankText(text(name)),
  );
  if (!blank) return;
  // The rich editor's own element carries the field's id; its HTML travels in a hidden input.
  const target =
    blank === "content"
      ? form.querySelector<HTMLElement>("#content")
      : form.querySelector<HTMLElement>(`[name="${blank}"]`);
  target?.focus();
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * Add Post and Edit Post (docs/behaviour.md §posts): one multipart form whose buttons are
 * submit buttons with `name="intent"`. Without JavaScript everything is a
 * plain post; with it, blank required fields toast "All fields are
 * required" without a request, the slug and the social card preview follow
 * the typing, and Delete Post asks in a dialog.
 */
export function PostForm({
  mode,
  post,
  categories,
  tags,
  membersEnabled = false,
  canDelete,
  canSchedule = false,
  scheduleTimeZone = DEFAULT_SCHEDULE_TIME_ZONE,
  siteName,
  result,
  byline,
}: {
  mode: "add" | "edit";
  post: PostFormPost;
  /** By id: the form sends the category's id, so a rename meanwhile changes nothing. */
  categories: { id: number; name: string }[];
  tags: string[];
  /** Offer the visibility select (kept for a members-only post even with members off). */
  membersEnabled?: boolean;
  canDelete: boolean;
  /** Contributors do not schedule (their Publish goes to review). */
  canSchedule?: boolean;
  scheduleTimeZone?: string;
  siteName: string;
  result: PostFormResult | undefined;
  /** The byline's rows and who may be chosen (docs/behaviour.md §bylines). */
  byline?: Parameters<typeof bylineFormRows>[0] & { people: BylineFieldProps["people"] };
}) {
  const hydrated = useHydrated();
  // Autosave and the unpublish confirm step submit or read this form by its id.
  const formId = "post-form";
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const initial = initialValues(post, result);
  // What a refused form sent, else the post's category (by name, as the post document names it).
  const initialCategoryId =
    result?.values?.categoryId ??
    String(
      categories.find((c) => c.name.toLowerCase() === initial.category.toLowerCase())?.id ?? "",
    );

  const [title, setTitle] = useState(initial.title);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [keptPublished, setKeptPublished] = useState<PostFormResult | null>(null);
  const asking = Boolean(result?.confirmUnpublish) && keptPublished !== result;
  const [keptEditing, setKeptEditing] = useState<PostFormResult | null>(null);
  const warnings = keptEditing === result ? [] : (result?.publishWarnings ?? []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value as PostIntent | undefined;
    if (intent === "delete" && post.id !== undefined) {
      event.preventDefault();
      setDeleting({ id: post.id, title: post.title });
      return;
    }
    if (intent && SAVING_INTENTS.includes(intent)) {
      const data = new FormData(event.currentTarget);
      const text = (name: string) => String(data.get(name) ?? "");
      if (
        hasBlankRequiredField({
          title: text("title"),
          category: text("categoryId"),
          summary: text("summary"),
          content: text("content"),
        })
      ) {
        event.preventDefault();
        toast.error(ALL_FIELDS_REQUIRED);
        focusFirstBlank(event.currentTarget, text);
      }
    }
  }

  return (
    <>
      <FormError result={result} />
      {warnings.length > 0 ? (
        <PublishWarnings
          warnings={warnings}
          formId={formId}
          busy={busy}
          // Without JavaScript the form with what was typed is right below.
          cancelHref={`#${formId}`}
          onCancel={hydrated ? () => setKeptEditing(result ?? null) : undefined}
        />
      ) : null}
      {asking ? (
        <UnpublishConfirm
          formId={formId}
          busy={busy}
          cancelHref={`/admin/posts/edit/${post.id ?? ""}`}
          onCancel={hydrated ? () => setKeptPublished(result ?? null) : undefined}
        />
      ) : null}
      <Form
        id={formId}
        method="post"
        encType="multipart/form-data"
        className="admin-form post-form"
        onSubmit={onSubmit}
      >
        {post.version ? <input type="hidden" name="version" value={post.version} /> : null}
        <div className="post-form-main">
          <LabeledInput
            label="Title"
            type="text"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            aria-required="true"
            autoComplete="off"
          />
          <LabeledInput
            label="Slug"
            type="text"
            value={slugify(title)}
            readOnly
            aria-describedby="post-slug-hint"
            className="read-only"
          />
          <p id="post-slug-hint" className="hint">
            Made from the title (lowercase, spaces to hyphens); the post's address is /
            {post.id ?? "id"}/category/slug.
          </p>
          <label>
            Category
            <select name="categoryId" defaultValue={initialCategoryId} aria-required="true">
              <option value="">Select a category</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="tag-choices">
            <legend>Tags</legend>
            {tags.length === 0 ? <p className="hint">No tags yet.</p> : null}
            {tags.map((name) => (
              <CheckField
                key={name}
                label={name}
                name="tags"
                value={name}
                defaultChecked={initial.tags.includes(name)}
              />
            ))}
          </fieldset>
          <label htmlFor="post-summary">Summary</label>
          <textarea
            id="post-summary"
            name="summary"
            rows={3}
            maxLength={2000}
            defaultValue={initial.summary}
            aria-required="true"
          />
          {byline ? (
            <BylineField
              rows={bylineFormRows(byline, result?.values?.byline)}
              people={byline.people}
              hydrated={hydrated}
            />
          ) : null}
          <ImageField label="Featured image" aria-describedby="photo-now" />
          <p id="photo-now" className="hint">
            {post.photo ? (
              <>
                Current image: <img src={post.photo} alt="" className="post-form-thumb" />{" "}
                <span className="file-name">{post.photo.split("/").pop()}</span> (kept unless you
                choose another)
              </>
            ) : (
              "No featured image yet."
            )}
          </p>
          <RichTextField
            name="content"
            label="Content"
            defaultValue={initial.content}
            uploadCollection="posts"
          />

          <CheckField
            label="Comments closed (readers cannot comment on this post)"
            name="commentsClosed"
            defaultChecked={initial.commentsClosed ?? false}
          />

          {membersEnabled || initial.visibility === "members" ? (
            <LabeledSelect
              id="visibility"
              label="Visibility"
              defaultValue={initial.visibility ?? "public"}
              choices={POST_VISIBILITIES.map((value) => ({
                value,
                label: VISIBILITY_LABELS[value],
              }))}
              help="Members: readers who are not signed in as members see the title, summary, image and the text above a “Members only from here” line, then a sign-up box."
            />
          ) : null}

          <SocialCardFields
            initial={initial}
            storedImage={post.socialCard?.image || ""}
            siteName={siteName}
            hydrated={hydrated}
          />
        </div>

        <aside className="admin-panel publish-panel" aria-labelledby="publish-heading">
          <h2 id="publish-heading">Publish</h2>
          <div className="publish-row">
            <IntentButton intent="draft" busy={busy}>
              Save Draft
            </IntentButton>
            <IntentButton intent="preview" busy={busy}>
              Preview
            </IntentButton>
          </div>
          <dl className="profile-facts">
            <dt>Status</dt>
            <dd data-testid="post-status">{mode === "add" ? "Draft" : capitalise(post.status)}</dd>
            <dt>Visibility</dt>
            <dd>Public</dd>
          </dl>
          <IntentButton intent="publish" look="primary" busy={busy}>
            Publish Post
          </IntentButton>
          {canSchedule ? (
            <ScheduleField
              status={post.status}
              publishAt={post.publishAt ?? null}
              typed={result?.values?.publishAt}
              timeZone={scheduleTimeZone}
              busy={busy}
            />
          ) : null}
          {mode === "edit" ? (
            <div className="publish-row publish-danger">
              {canDelete ? (
                <IntentButton intent="delete" look="danger" busy={busy}>
                  Delete Post
                </IntentButton>
              ) : null}
              <IntentButton intent="trash" busy={busy}>
                Move to Trash
              </IntentButton>
            </div>
          ) : null}
        </aside>
      </Form>
      {deleting ? (
        <DeletePostConfirm
          target={deleting}
          cancelHref={`/admin/posts/edit/${deleting.id}`}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
