/**
 * Rules of the Add/Edit Post form shared by the browser (the toast before
 * anything is sent) and the server (app/domain/posts/editing.server.ts, which decides).
 */

/** docs/behaviour.md §posts: the message when title, category, summary or content is blank. */
export const ALL_FIELDS_REQUIRED = "All fields are required";

/** docs/behaviour.md §posts: the social card description's limit (newlines ignored) and the default blur. */
export const CARD_DESCRIPTION_MAX = 200;
export const DEFAULT_CARD_BLUR = 3;

/** The buttons of the Add/Edit Post form (`name="intent"`). */
export const POST_INTENTS = ["draft", "preview", "publish", "schedule", "trash", "delete"] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

/** The intents that save the form's fields (and so need them all). */
export const SAVING_INTENTS: readonly PostIntent[] = ["draft", "preview", "publish", "schedule"];

/**
 * The social card description as it may be typed: line breaks become spaces
 * (the server does the same) and input past 200 characters is ignored.
 */
export function limitCardDescription(value: string): string {
  return value.replace(/[\r\n]+/g, " ").slice(0, CARD_DESCRIPTION_MAX);
}

/** Characters that show nothing: zero-width spaces and joiners, the word joiner, the BOM, the soft hyphen. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/** True when text is empty once spaces and invisible characters are set aside. */
export function isBlankText(value: string | null | undefined): boolean {
  return !value || value.replace(INVISIBLE, "").trim() === "";
}

/** True when HTML holds no text and no image (an empty editor gives `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return isBlankText(html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " "));
}

/** docs/behaviour.md §posts: every one of title, category, summary and content must be non-blank. */
export function hasBlankRequiredField(values: {
  title?: string | null;
  category?: string | null;
  summary?: string | null;
  content?: string | null;
}): boolean {
  return (
    isBlankText(values.title) ||
    isBlankText(values.category) ||
    isBlankText(values.summary) ||
    isBlankHtml(values.content ?? "")
  );
}
