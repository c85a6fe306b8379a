/**
 * A newsletter's page (`/admin/mail/newsletters/:uid`, Administrator and
 * Editor). A draft: the preview (HTML and text), Send a test and the confirm
 * step naming the audience and the number of Active recipients. After Send:
 * the figures and the recipients whose message failed, with the mail
 * server's answer. Send later (a draft or a scheduled newsletter): a time in
 * the site's zone, Schedule / Reschedule and Cancel schedule. Every form is a
 * plain POST that redirects with a message.
 */
import { data, Link, useActionData, useNavigation } from "react-router";
import { ListTable, numColumn } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { ConfirmSend, Preview, TestSend } from "~/components/newsletters/review";
import { SendLater } from "~/components/newsletters/send-later";
import { failedDeliveries } from "~/domain/newsletters/deliveries.server";
import {
  deleteDraft,
  draftRecipients,
  newsletterForStaff,
  previewNewsletter,
  sendDraft,
  sendTest,
} from "~/domain/newsletters/review.server";
import {
  cancelScheduledNewsletter,
  scheduleNewsletter,
} from "~/domain/newsletters/send-later.server";
import { MAX_TEST_ADDRESSES, newsletterAudienceLabel } from "~/domain/newsletters/vocabulary";
import { siteTimeZone } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.mail-newsletter";

const SEND_PATH = "/admin/mail/send-newsletter";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, "Newsletter", `/admin/mail/newsletters/${params.uid}`);

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const db = getDb();
  const { letter, text } = previewNewsletter(db, actor, args.params.uid);
  return {
    email: actor.email,
    letter: {
      uid: letter.uid,
      subject: letter.subject,
      status: letter.status,
      audienceLabel: newsletterAudienceLabel(letter.audience),
      recipientCount: letter.recipientCount,
      deliveredCount: letter.deliveredCount,
      failedCount: letter.failedCount,
      skippedCount: letter.skippedCount,
      sendAt: letter.sendAt?.getTime() ?? null,
    },
    timeZone: siteTimeZone(db),
    active:
      letter.status === "draft" || letter.status === "scheduled"
        ? draftRecipients(db, letter).active
        : 0,
    text,
    failed:
      letter.status === "draft" || letter.status === "scheduled"
        ? []
        : failedDeliveries(db, letter.id, 200),
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { uid } = args.params;
  const here = `/admin/mail/newsletters/${uid}`;
  let fields: Record<string, string> = {};
  try {
    fields = (await readForm(args.request)).fields;
    const db = getDb();
    if (fields.intent === "schedule") {
      // Send later: the field's wall time is read in the site's zone.
      const { message } = scheduleNewsletter(db, actor, uid, fields.sendAt ?? "");
      return redirectWithFlash(here, { type: "success", message });
    }
    if (fields.intent === "cancel-schedule") {
      cancelScheduledNewsletter(db, actor, uid);
      return redirectWithFlash(here, {
        type: "success",
        message: "Schedule cancelled: the newsletter is a draft again",
      });
    }
    if (fields.intent === "send") {
      const sent = sendDraft(db, actor, uid);
      const n = sent.recipientCount;
      return redirectWithFlash(here, {
        type: "success",
        message: `Newsletter queued for ${n} ${n === 1 ? "subscriber" : "subscribers"}: it is being sent now.`,
      });
    }
    if (fields.intent === "test") {
      const to = await sendTest(db, actor, uid, fields.addresses);
      return redirectWithFlash(here, { type: "success", message: `Test sent to ${to.join(", ")}` });
    }
    if (fields.intent === "discard") {
      deleteDraft(db, actor, uid);
      return redirectWithFlash(SEND_PATH, { type: "success", message: "Draft discarded" });
    }
    newsletterForStaff(db, actor, uid);
    return data({ error: "Unknown action", values: {}, intent: null }, { status: 400 });
  } catch (error) {
    const failure = error as { responseCode?: number; message?: string };
    if (typeof failure.responseCode === "number" || (error as { code?: string }).code) {
      // The mail server refused the test: its answer, not a crash.
      return data(
        {
          error: `The test could not be sent: ${String(failure.message).slice(0, 300)}`,
          values: {},
          intent: null,
        },
        { status: 502 },
      );
    }
    return formError(error, { values: { sendAt: fields.sendAt ?? "" }, intent: fields.intent });
  }
}

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { letter, active, text, failed, email, timeZone } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const draft = letter.status === "draft";
  const scheduled = letter.status === "scheduled";
  return (
    <>
      <PageHeader title={letter.subject} />
      <p>
        <Link to={SEND_PATH}>Back to Send Newsletter</Link>
      </p>
      <FormError result={result} />
      <dl className="newsletter-facts">
        <div>
          <dt>Audience</dt>
          <dd>{letter.audienceLabel}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge badge-newsletter-${letter.status.replace(" ", "-")}`}>
              {letter.status}
            </span>
          </dd>
        </div>
        {!draft && !scheduled && (
          <div>
            <dt>Recipients</dt>
            <dd>
              {`${letter.recipientCount}: ${letter.deliveredCount} delivered, ${letter.failedCount} failed, ${letter.skippedCount} skipped`}
            </dd>
          </div>
        )}
      </dl>
      {draft && <ConfirmSend audienceLabel={letter.audienceLabel} active={active} busy={busy} />}
      {(draft || scheduled) && active > 0 && (
        <SendLater
          sendAt={letter.sendAt}
          typed={result?.intent === "schedule" ? result.values.sendAt : undefined}
          timeZone={timeZone}
          busy={busy}
        />
      )}
      {(draft || scheduled) && <TestSend email={email} busy={busy} max={MAX_TEST_ADDRESSES} />}
      {!draft && !scheduled && <FailedRecipients failed={failed} />}
      <Preview uid={letter.uid} text={text} />
    </>
  );
}

function FailedRecipients({
  failed,
}: {
  failed: { email: string; error: string | null; attempts: number }[];
}) {
  return (
    <section className="admin-panel" aria-labelledby="failed-title">
      <h2 id="failed-title">Failed recipients</h2>
      <p className="hint">
        {"An address refused for good (5xx) is now Bounced and skipped by later sends. "}
        <Link to="/admin/mail/subscribers-list/suppress">Import a suppression list</Link>
      </p>
      {failed.length === 0 ? (
        <p className="empty">No message has failed.</p>
      ) : (
        <ListTable
          label="Failed recipients"
          columns={["Email", "Mail server's answer", numColumn("Attempts")]}
        >
          {failed.map((f) => (
            <tr key={f.email}>
              <td>{f.email}</td>
              <td>{f.error ?? ""}</td>
              <td className="num">{f.attempts}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}
