import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";

/**
 * A dated announcement with Dismiss (docs/behaviour.md §backoffice: the dashboard's is dated
 * 20250324). With JavaScript the flag is stored in localStorage (flags of
 * older announcements with the same id are removed) and mirrored in a cookie
 * so the next server render already leaves it out; without JavaScript the
 * form posts to /admin/announcement, which sets the cookie and comes back.
 */
export const DASHBOARD_ANNOUNCEMENT = { id: "admins", date: "20250324" } as const;

export const announcementStorageKey = (id: string, date: string) =>
  `announcementDismissed:${id}:${date}`;
export const announcementCookieName = (id: string) => `announcement_${id}`;

/** Stores the dismissal and drops the flags of older announcements of the same id. */
export function rememberDismissal(id: string, date: string) {
  const prefix = `announcementDismissed:${id}:`;
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix) && key.slice(prefix.length) < date) localStorage.removeItem(key);
  }
  localStorage.setItem(announcementStorageKey(id, date), "true");
  // biome-ignore lint/suspicious/noDocumentCookie: a plain flag the server reads; Cookie Store API is not in every browser.
  document.cookie = `${announcementCookieName(id)}=${date}; path=/admin; max-age=31536000; SameSite=Lax`;
}

export function Announcement({
  id,
  date,
  title,
  dismissed,
  children,
}: {
  id: string;
  date: string;
  title: string;
  /** The server saw the cookie. */
  dismissed: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const [hidden, setHidden] = useState(dismissed);
  useEffect(() => {
    if (localStorage.getItem(announcementStorageKey(id, date)) === "true") setHidden(true);
  }, [id, date]);
  if (hidden) return null;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rememberDismissal(id, date);
    setHidden(true);
  }
  const headingId = `announcement-${id}`;
  return (
    <section className="announcement" aria-labelledby={headingId} data-announcement={date}>
      <div>
        <h2 id={headingId}>{title}</h2>
        {children}
      </div>
      <form method="post" action="/admin/announcement" onSubmit={onSubmit}>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="date" value={date} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="button button-secondary">
          Dismiss
        </button>
      </form>
    </section>
  );
}
