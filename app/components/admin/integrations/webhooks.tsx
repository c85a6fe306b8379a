import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { CheckField, LabeledInput } from "~/components/admin/fields";
import { ACTIONS_COLUMN, ListTable } from "~/components/admin/list-table";
import {
  INTEGRATIONS_PATH,
  WEBHOOK_EVENTS,
  webhookPath,
} from "~/domain/integrations/webhook-events";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";

/** A webhook as the screens list it (what `listWebhooks` answers). */
export type WebhookItem = {
  uid: string;
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  lastDelivery: { id: number; status: string; httpStatus: number | null; at: number } | null;
};

/** A refused webhook form, with the values to put back. */
export type WebhookFailure = {
  error: string;
  intent: string | null;
  values: Record<string, string>;
};

const labelOf = (topic: string) => WEBHOOK_EVENTS.find((e) => e.topic === topic)?.label ?? topic;

/** "Delivered (HTTP 200)", "Failing (HTTP 500)", "Waiting"… */
export function deliveryState(status: string, httpStatus: number | null): string {
  const http = httpStatus ? ` (HTTP ${httpStatus})` : "";
  switch (status) {
    case "done":
      return `Delivered${http}`;
    case "dead":
      return `Gave up${http}`;
    case "cancelled":
      return "Cancelled";
    default:
      return httpStatus ? `Retrying${http}` : "Waiting";
  }
}

/** A button posting one webhook intent for one webhook. */
export function WebhookButton({
  uid,
  intent,
  label,
  returnTo,
  extra,
}: {
  uid: string;
  intent: string;
  label: ReactNode;
  returnTo?: "webhook";
  extra?: Record<string, string | number>;
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="uid" value={uid} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className="button button-secondary">
        {label}
      </button>
    </Form>
  );
}

function WebhookRow({ hook }: { hook: WebhookItem }) {
  const timeZone = useSiteTimeZone();
  const last = hook.lastDelivery;
  return (
    <tr>
      <td data-label="Name">
        <Link to={webhookPath(hook.uid)}>{hook.name}</Link>
      </td>
      <td data-label="URL" className="break-all">
        {hook.url}
      </td>
      <td data-label="Events">{hook.events.map(labelOf).join(", ")}</td>
      <td data-label="State">
        {hook.enabled
          ? "Enabled"
          : `Disabled${hook.disabledReason ? `: ${hook.disabledReason}` : ""}`}
      </td>
      <td data-label="Last delivery">
        {last ? (
          <>
            {deliveryState(last.status, last.httpStatus)},{" "}
            <time dateTime={new Date(last.at).toISOString()}>
              {formatSiteDate(last.at, timeZone)}
            </time>
          </>
        ) : (
          "None yet"
        )}
      </td>
      <td data-label="Actions" className="row-actions">
        <WebhookButton
          uid={hook.uid}
          intent="webhook-test"
          label={
            <>
              Send test<span className="visually-hidden"> to {hook.name}</span>
            </>
          }
        />
        {hook.enabled ? null : (
          <WebhookButton
            uid={hook.uid}
            intent="webhook-enable"
            label={
              <>
                Enable<span className="visually-hidden"> {hook.name}</span>
              </>
            }
          />
        )}
        <Link to={webhookPath(hook.uid)} className="button button-secondary">
          Delivery log<span className="visually-hidden"> of {hook.name}</span>
        </Link>
        <Link
          to={`${INTEGRATIONS_PATH}?remove=${encodeURIComponent(hook.uid)}`}
          className="button button-danger"
        >
          Remove<span className="visually-hidden"> {hook.name}</span>
        </Link>
      </td>
    </tr>
  );
}

function AddWebhookForm({ failed }: { failed?: WebhookFailure }) {
  const values = failed?.intent === "webhook-add" ? failed.values : {};
  const chosen = new Set((values.events ?? "").split(" ").filter(Boolean));
  return (
    <Form method="post" className="admin-form admin-panel" aria-labelledby="webhook-add-heading">
      <h3 id="webhook-add-heading">Add a webhook</h3>
      <LabeledInput
        label="Name"
        name="name"
        type="text"
        maxLength={100}
        defaultValue={values.name ?? ""}
        help="For you: shown in the list and in alerts. Left empty, the target's host name."
      />
      <LabeledInput
        label="Target URL"
        name="url"
        type="url"
        required
        maxLength={2000}
        placeholder="https://example.com/hooks/inkwell"
        defaultValue={values.url ?? ""}
        help="Each event is POSTed here as JSON. Addresses on private networks are refused unless OUTBOUND_ALLOW_HOSTS names the host."
      />
      <LabeledInput
        label="Signing secret"
        name="secret"
        type="text"
        maxLength={200}
        autoComplete="off"
        help="Used to sign every request (X-Inkwell-Signature). Leave empty to have one generated; it is shown on the webhook's page."
      />
      <fieldset className="tag-choices">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <CheckField
            key={e.topic}
            label={`${e.label} (${e.topic})`}
            name="events"
            value={e.topic}
            defaultChecked={chosen.has(e.topic)}
          />
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" name="intent" value="webhook-add" className="button button-primary">
          Add webhook
        </button>
      </div>
    </Form>
  );
}

/**
 * The Webhooks section of Integrations (docs/integrations.md "Webhooks"): the list, the add
 * form, and the confirm step of a removal (`?remove=UID`).
 */
export function WebhooksSection({
  webhooks,
  removing,
  failed,
}: {
  webhooks: WebhookItem[];
  removing: WebhookItem | null;
  failed?: WebhookFailure;
}) {
  return (
    <section className="integrations-webhooks" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="hint">
        A webhook tells another service what happens here: each event it follows is POSTed to its
        URL as signed JSON, retried for 24 hours when the service fails. A webhook failing for 24
        hours is disabled and Administrators are alerted.
      </p>
      {removing ? (
        <ConfirmDelete
          title="Remove webhook?"
          action={INTEGRATIONS_PATH}
          cancelTo={INTEGRATIONS_PATH}
          fields={{ intent: "webhook-remove", uid: removing.uid }}
          buttonLabel={`Remove ${removing.name}`}
          id="webhook-remove-heading"
        >
          Nothing more will be sent to <strong>{removing.url}</strong>, and its delivery log is
          deleted. This cannot be undone.
        </ConfirmDelete>
      ) : null}
      <ListTable
        label="Webhooks"
        caption="Webhooks"
        columns={["Name", "URL", "Events", "State", "Last delivery", ACTIONS_COLUMN]}
        emptyRow={webhooks.length === 0 ? "No webhooks yet." : null}
      >
        {webhooks.map((hook) => (
          <WebhookRow key={hook.uid} hook={hook} />
        ))}
      </ListTable>
      <AddWebhookForm failed={failed} />
    </section>
  );
}
