/**
 * Fediverse (`/admin/fediverse`, Administrators; docs/federation.md "Following and blocking"): who
 * follows the site and each author, pending follows, the blocklist, and the servers deliveries
 * could not reach. Every form works without JavaScript.
 */
import { Form, useActionData } from "react-router";
import { z } from "zod";
import { ListTable, RowButton } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import {
  blockEntry,
  decideFollower,
  fediverseOverview,
  unblockEntry,
} from "~/domain/federation/followers-admin.server";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { getDb } from "~/platform/db.server";
import { formatSiteDate } from "~/utils/site-date";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, parseIntent, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.fediverse";

const PATH = "/admin/fediverse";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Fediverse", PATH);

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  return fediverseOverview(getDb(), user);
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["accept", "reject", "remove", "block"]), id: z.string() }),
  z.object({
    intent: z.literal("add-block"),
    kind: z.enum(["domain", "actor"]),
    value: z.string(),
  }),
  z.object({ intent: z.literal("unblock"), id: z.string() }),
]);

const DONE = {
  accept: "Follower accepted",
  reject: "Follow request rejected",
  remove: "Follower removed",
  block: "Account blocked and removed",
  "add-block": "Added to the blocklist",
  unblock: "Removed from the blocklist",
} as const;

export async function action(args: Route.ActionArgs) {
  const staff = await adminUser(args);
  try {
    const input = parseIntent(await readForm(args.request), Intent);
    const db = getDb();
    if (input.intent === "add-block")
      blockEntry(db, staff, { kind: input.kind, value: input.value });
    else if (input.intent === "unblock") unblockEntry(db, staff, input.id);
    else decideFollower(db, staff, input.id, input.intent);
    return redirectWithFlash(PATH, { type: "success", message: DONE[input.intent] });
  } catch (error) {
    return formError(error, { prefix: "Error updating the fediverse settings" });
  }
}

export default function Fediverse({ loaderData }: Route.ComponentProps) {
  const { actors, blocks, unreached } = loaderData;
  const result = useActionData<typeof action>();
  const timeZone = useSiteTimeZone();
  const when = (ms: number) => formatSiteDate(new Date(ms), timeZone);
  return (
    <>
      <PageHeader title="Fediverse" />
      <FormError result={result ?? undefined} />
      <p>
        People on Mastodon and other fediverse servers can follow the site and each author. Posts
        are sent to them when published, edited or removed (see Settings › Fediverse).
      </p>

      {actors.map((actor) => (
        <section key={actor.actorId} aria-labelledby={`actor-${actor.actorId}`}>
          <h2 id={`actor-${actor.actorId}`}>
            {actor.name} <code>{actor.handle}</code>
          </h2>
          <p>
            {actor.accepted} follower{actor.accepted === 1 ? "" : "s"}
            {actor.pending > 0 ? `, ${actor.pending} waiting for approval` : ""}
          </p>
          <ListTable
            label={`Followers of ${actor.handle}`}
            caption={`Followers of ${actor.handle}`}
            columns={["Account", "Server", "Following since", "Actions"]}
            emptyRow={actor.followers.length === 0 ? "No followers yet." : null}
          >
            {actor.followers.map((f) => (
              <tr key={f.id}>
                <td>
                  <a href={f.remoteUri} rel="noreferrer nofollow">
                    {f.handle}
                  </a>
                  {f.status === "pending" ? (
                    <span className="badge badge-pending">pending</span>
                  ) : null}
                </td>
                <td data-label="Server">{f.server}</td>
                <td data-label="Following since">{when(f.since)}</td>
                <td data-label="Actions">
                  <span className="row-actions">
                    {f.status === "pending" ? (
                      <>
                        <RowButton
                          id={f.id}
                          intent="accept"
                          label="Accept"
                          ariaLabel={`Accept ${f.handle}`}
                        />
                        <RowButton
                          id={f.id}
                          intent="reject"
                          label="Reject"
                          ariaLabel={`Reject ${f.handle}`}
                        />
                      </>
                    ) : (
                      <RowButton
                        id={f.id}
                        intent="remove"
                        label="Remove"
                        ariaLabel={`Remove ${f.handle}`}
                      />
                    )}
                    <RowButton
                      id={f.id}
                      intent="block"
                      label="Block"
                      ariaLabel={`Block ${f.handle}`}
                    />
                  </span>
                </td>
              </tr>
            ))}
          </ListTable>
        </section>
      ))}

      <section aria-labelledby="blocklist-heading">
        <h2 id="blocklist-heading">Blocklist</h2>
        <p>Blocked servers and accounts cannot follow or reply, and nothing is sent to them.</p>
        <Form method="post" className="admin-panel admin-form" aria-labelledby="block-add-heading">
          <h3 id="block-add-heading">Block a server or an account</h3>
          <input type="hidden" name="intent" value="add-block" />
          <label htmlFor="block-kind">What</label>
          <select id="block-kind" name="kind" defaultValue="domain">
            <option value="domain">A server (host name, e.g. spam.example)</option>
            <option value="actor">An account (its address, https://…)</option>
          </select>
          <label htmlFor="block-value">Server or account</label>
          <input id="block-value" name="value" type="text" required maxLength={2000} />
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              Block
            </button>
          </div>
        </Form>
        <ListTable
          label="Blocklist"
          caption="Blocked servers and accounts"
          columns={["Blocked", "Kind", "Since", "Actions"]}
          emptyRow={blocks.length === 0 ? "Nothing is blocked." : null}
        >
          {blocks.map((b) => (
            <tr key={b.id}>
              <td>{b.value}</td>
              <td data-label="Kind">{b.kind === "domain" ? "Server" : "Account"}</td>
              <td data-label="Since">{when(b.createdAt)}</td>
              <td data-label="Actions">
                <RowButton
                  id={b.id}
                  intent="unblock"
                  label="Unblock"
                  ariaLabel={`Unblock ${b.value}`}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      </section>

      <section aria-labelledby="unreached-heading">
        <h2 id="unreached-heading">Servers not reached</h2>
        <p>Servers whose deliveries were given up after retrying for 48 hours.</p>
        <ListTable
          label="Servers not reached"
          caption="Servers not reached"
          columns={["Server", "Deliveries given up", "Last", "Last error"]}
          emptyRow={unreached.length === 0 ? "Every server was reached." : null}
        >
          {unreached.map((s) => (
            <tr key={s.host}>
              <td>{s.host}</td>
              <td data-label="Deliveries given up">{s.deliveries}</td>
              <td data-label="Last">{when(s.lastAt)}</td>
              <td data-label="Last error">{s.lastError}</td>
            </tr>
          ))}
        </ListTable>
      </section>
    </>
  );
}
