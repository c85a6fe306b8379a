/**
 * The rich-text field of the post and newsletter forms (docs/behaviour.md §editor "Rich editor").
 *
 * The contract every form relies on: one form field `name` carrying HTML.
 * Without JavaScript (and during server rendering) it is a labelled textarea
 * holding the HTML, so a post or newsletter can still be written and saved.
 * With JavaScript the Lexical editor replaces it, loaded only on the screens
 * that render this component, and writes its HTML back into the same field.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { ALLOWED_TAGS } from "~/domain/posts/html-allowlist";
import { useHydrated } from "~/hooks/use-hydrated";
import type { RichTextFieldProps } from "./field-props";

// A separate chunk, fetched only once a page with this field has hydrated. If it
// cannot be loaded (a dropped connection, a deploy in between), the textarea stays.
const LexicalEditor = lazy(() =>
  import("./lexical-editor.client").catch(() => ({ default: PlainField })),
);

function PlainField({
  name,
  label,
  defaultValue = "",
  id = name,
  describedBy,
  busy,
  onInput,
}: RichTextFieldProps & { busy?: boolean; onInput?: (value: string) => void }) {
  return (
    <div className="field rich-text-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={16}
        spellCheck
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        onChange={onInput ? (event) => onInput(event.target.value) : undefined}
      />
      {/* Without JavaScript this field is the editor: say what it takes (docs/behaviour.md §editor). */}
      <noscript>
        <p className="hint">
          Write HTML. Kept when saved: {ALLOWED_TAGS.map((t) => `<${t}>`).join(" ")}; anything else
          (scripts, styles, event attributes) is removed. For an image, copy its address from the{" "}
          <a href="/admin/media/library">Media Library</a> into{" "}
          <code>{'<img src="…" alt="…">'}</code>. Footnotes: <code>[^1]</code> in the text and{" "}
          <code>[^1]: the note</code> on a line of its own; a contents box:{" "}
          <code>{'<nav class="ik-contents"></nav>'}</code>.
        </p>
      </noscript>
    </div>
  );
}

export function RichTextField(props: RichTextFieldProps) {
  const hydrated = useHydrated();
  // What is typed into the textarea before the editor is there goes into the editor.
  const early = useRef<string | undefined>(undefined);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  if (!hydrated) return <PlainField {...props} />;
  if (early.current === undefined) {
    // The server-rendered textarea is still in the page during this first render
    // after hydration: keep anything typed into it before the scripts ran.
    const textarea = document.getElementById(props.id ?? props.name);
    early.current = textarea instanceof HTMLTextAreaElement ? textarea.value : "";
  }
  const value = typed ?? (early.current || props.defaultValue);
  return (
    <Suspense fallback={<PlainField {...props} defaultValue={value} busy onInput={setTyped} />}>
      <LexicalEditor {...props} defaultValue={value} />
    </Suspense>
  );
}
