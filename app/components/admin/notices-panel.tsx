import { Form, Link } from "react-router";
import { relativeTime } from "~/utils/time";

export type NoticeItem = { id: number; message: string; link: string; createdAt: Date | string };

/**
 * The dashboard's Notices (Settings › Enable Admin Alerts): what needs an
 * Administrator, newest first, each with a link to its screen and a button to
 * mark it read (plain POSTs, so it works without JavaScript).
 */
export function NoticesPanel({
  notices,
  unread,
  now,
}: {
  notices: NoticeItem[];
  unread: number;
  now: number;
}) {
  return (
    <section className="admin-panel" aria-labelledby="notices">
      <h2 id="notices">
        Notices <span className="muted">({unread} unread)</span>
      </h2>
      {notices.length === 0 ? (
        <p className="empty">Nothing needs you right now.</p>
      ) : (
        <>
          <ul className="item-list">
            {notices.map((n) => (
              <li key={n.id} className="item">
                <div>
                  <p className="item-title">
                    <Link to={n.link}>{n.message}</Link>
                  </p>
                  <time className="muted" dateTime={new Date(n.createdAt).toISOString()}>
                    {relativeTime(n.createdAt, now)}
                  </time>
                </div>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="read" />
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    className="button button-secondary"
                    aria-label={`Mark read: ${n.message}`}
                  >
                    Mark read
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="button button-secondary">
              Mark all read
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
