import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";

/** How often the editor autosaves while the form changes. */
const AUTOSAVE_MS = 30_000;

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** What the form holds, as the autosave sends it (no files). */
function typedFields(form: HTMLFormElement): FormData {
  const all = new FormData(form);
  const out = new FormData();
  for (const key of ["title", "categoryId", "summary", "content"]) {
    out.set(key, String(all.get(key) ?? ""));
  }
  for (const tag of all.getAll("tags")) out.append("tags", String(tag));
  return out;
}

const fingerprint = (data: FormData) =>
  JSON.stringify([...data.entries()].map(([k, v]) => [k, String(v)]));

/**
 * With JavaScript, Edit Post autosaves the form every 30 s while it changes
 * (one rolling autosave revision per user; the post itself is untouched).
 * Rendered only after hydration; without JavaScript there is no autosave.
 */
export function Autosave({ postId, formId }: { postId: number; formId: string }) {
  const fetcher = useFetcher<{ savedAt?: number }>();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const last = useRef<string | null>(null);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    last.current = fingerprint(typedFields(form));
    const timer = window.setInterval(() => {
      const data = typedFields(form);
      const now = fingerprint(data);
      if (now === last.current) return;
      last.current = now;
      void submit.current(data, {
        method: "post",
        action: `/admin/posts/edit/${postId}?autosave=1`,
        encType: "multipart/form-data",
      });
    }, AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [postId, formId]);
  const savedAt = fetcher.data?.savedAt ?? null;
  return (
    <p className="autosave-status" role="status">
      {savedAt ? `Autosaved at ${hhmm(savedAt)} UTC` : ""}
    </p>
  );
}

/** Reopening a post with a newer autosave of this user: offer it. */
export function NewerAutosave({
  postId,
  autosave,
}: {
  postId: number;
  autosave: { id: number; createdAt: number };
}) {
  return (
    <div className="admin-panel sent-back-note" role="note" aria-label="Autosave">
      You have an autosave from {hhmm(autosave.createdAt)} UTC, newer than this version.{" "}
      <Link to={`/admin/posts/edit/${postId}?revision=${autosave.id}#revisions-heading`}>
        Compare and restore it
      </Link>
    </div>
  );
}
