import { Link } from "react-router";
import { ListTable, PageSteps } from "~/components/admin/list-table";
import { webhookPath } from "~/domain/integrations/webhook-events";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";
import { deliveryState, WebhookButton, type WebhookItem } from "./webhooks";

type Attempt = {
  at: number;
  status: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
};

/** A delivery as the log lists it (what `webhookDeliveries` answers). */
export type DeliveryItem = {
  id: number;
  event: string;
  eventId: string | null;
  status: string;
  attempts: number;
  createdAt: number;
  nextAt: number | null;
  httpStatus: number | null;
  log: Attempt[];
};

function When({ at }: { at: number }) {
  const timeZone = useSiteTimeZone();
  return (
    <time dateTime={new Date(at).toISOString()}>
      {formatSiteDate(at, timeZone, { seconds: true })}
    </time>
  );
}

function Attempts({ log }: { log: Attempt[] }) {
  if (log.length === 0) return <>Not tried yet</>;
  return (
    <ol className="delivery-attempts" reversed>
      {log.map((a) => (
        <li key={a.at + (a.status ?? 0) + a.durationMs}>
          <When at={a.at} />: {a.status ? `HTTP ${a.status}` : (a.error ?? "no answer")},{" "}
          {a.durationMs} ms
          {a.excerpt ? (
            <>
              {" "}
              <code className="break-all">{a.excerpt.slice(0, 200)}</code>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function DeliveryRow({ uid, delivery }: { uid: string; delivery: DeliveryItem }) {
  return (
    <tr>
      <td data-label="Time">
        <When at={delivery.createdAt} />
      </td>
      <td data-label="Event">
        <code>{delivery.event}</code>
      </td>
      <td data-label="Status">
        {deliveryState(delivery.status, delivery.httpStatus)}
        {delivery.nextAt ? (
          <>
            ; next try <When at={delivery.nextAt} />
          </>
        ) : null}
      </td>
      <td data-label="Attempts">
        <Attempts log={delivery.log} />
      </td>
      <td data-label="Actions">
        <WebhookButton
          uid={uid}
          intent="webhook-redeliver"
          extra={{ delivery: delivery.id }}
          label={
            <>
              Redeliver<span className="visually-hidden"> delivery {delivery.id}</span>
            </>
          }
        />
      </td>
    </tr>
  );
}

/**
 * A webhook's page: its settings and secret, Send test / Enable, and its delivery log with
 * Redeliver on each delivery.
 */
export function WebhookLog({
  webhook,
  secret,
  deliveries,
  page,
  pages,
}: {
  webhook: WebhookItem;
  secret: string;
  deliveries: DeliveryItem[];
  page: number;
  pages: number;
}) {
  return (
    <>
      <section className="admin-panel" aria-labelledby="webhook-settings-heading">
        <h2 id="webhook-settings-heading">Settings</h2>
        <dl className="webhook-facts">
          <dt>Target URL</dt>
          <dd className="break-all">{webhook.url}</dd>
          <dt>Events</dt>
          <dd>{webhook.events.join(", ")}</dd>
          <dt>State</dt>
          <dd>
            {webhook.enabled
              ? "Enabled"
              : `Disabled${webhook.disabledReason ? `: ${webhook.disabledReason}` : ""}`}
          </dd>
        </dl>
        <details>
          <summary>Signing secret</summary>
          <p>
            <code className="break-all">{secret}</code>
          </p>
          <p className="hint">
            The receiver checks X-Inkwell-Signature with it (docs/integrations.md "Webhooks").
          </p>
        </details>
        <div className="form-actions">
          <WebhookButton
            uid={webhook.uid}
            intent="webhook-test"
            label="Send test"
            returnTo="webhook"
          />
          {webhook.enabled ? null : (
            <WebhookButton
              uid={webhook.uid}
              intent="webhook-enable"
              label="Enable again"
              returnTo="webhook"
            />
          )}
        </div>
      </section>
      <h2 id="webhook-log-heading">Deliveries</h2>
      <ListTable
        label="Deliveries"
        caption="Deliveries, newest first"
        columns={["Time", "Event", "Status", "Attempts", "Actions"]}
        emptyRow={deliveries.length === 0 ? "Nothing delivered yet." : null}
      >
        {deliveries.map((d) => (
          <DeliveryRow key={d.id} uid={webhook.uid} delivery={d} />
        ))}
      </ListTable>
      <PageSteps
        page={page}
        pageCount={pages}
        href={(n) => `${webhookPath(webhook.uid)}?page=${n}`}
        label="Delivery pages"
        previous="Newer"
        next="Older"
      />
      <p>
        <Link to="/admin/integrations">Back to Integrations</Link>
      </p>
    </>
  );
}
