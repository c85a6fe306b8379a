import type { ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { ListTable } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { RichTextField } from "~/components/editor/rich-text-field";
import { FromPostPhoto, newsletterPath } from "~/components/newsletters/review";
import { isDomainError } from "~/domain/errors.server";
import { formatBytes, maxImageBytes } from "~/domain/media/file-store.server";
import { MAX_ATTACHMENT_BYTES } from "~/domain/newsletters/input.server";
import { listNewsletters } from "~/domain/newsletters/queue.server";
import { newsletterFromPost } from "~/domain/newsletters/review.server";
import {
  NEWSLETTER_AUDIENCE_CHOICES,
  newsletterAudienceLabel,
} from "~/domain/newsletters/vocabulary";
import { getSettings } from "~/domain/site/settings.server";
import { formatScheduleTime } from "~/domain/workflow/schedule-time";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { getDb } from "~/platform/db.server";
import { formatSiteDate } from "~/utils/site-date";
import { adminUser } from "~/web/auth.server";
import { formError } from "~/web/forms.server";
import { queueNewsletterFromForm, readNewsletterForm } from "~/web/screens/newsletter-form.server";
import type { Route } from "./+types/admin.mail-send";

const PATH = "/admin/mail/send-newsletter";
const SEND_FAILED = "Error sending newsletter. Please try again.";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Send Newsletter", PATH);

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  const db = getDb();
  return {
    // "Send as newsletter" on a published post's Edit Post: `?post=<id>` fills the form.
    fromPost: newsletterFromPost(db, new URL(args.request.url).searchParams.get("post")),
    newsletters: listNewsletters(db, 50),
    maxImage: formatBytes(maxImageBytes(getSettings(db).maxImageSize)),
    maxAttachment: formatBytes(MAX_ATTACHMENT_BYTES),
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request } = args;
  let values: Record<string, string> = {};
  let uid = "";
  try {
    const form = await readNewsletterForm(request);
    values = form.fields;
    // Send saves a draft and asks for confirmation (audience, Active count) on its page.
    uid = (await queueNewsletterFromForm(actor, form, "draft")).uid;
  } catch (error) {
    const kept = {
      subject: values.subject ?? "",
      audience: values.audience ?? "",
      content: values.content ?? "",
    };
    if (isDomainError(error))
      return formError(error, { prefix: "Error sending newsletter", values: kept });
    console.error("Send Newsletter failed", error);
    return data({ error: SEND_FAILED, values: kept, intent: null }, { status: 500 });
  }
  return redirect(newsletterPath(uid), 303);
}

export default function SendNewsletter({ loaderData }: Route.ComponentProps) {
  const { newsletters, maxImage, maxAttachment, fromPost } = loaderData;
  const timeZone = useSiteTimeZone();
  const dateTime = (ms: number | null) => (ms === null ? "—" : formatSiteDate(ms, timeZone));
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? fromPost ?? {};
  return (
    <>
      <PageHeader title="Send Newsletter" />
      <FormError result={result} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-form admin-panel newsletter-form"
      >
        <label>
          Audience
          <select name="audience" defaultValue={values.audience || newsletterAudienceLabel("All")}>
            {NEWSLETTER_AUDIENCE_CHOICES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <LabeledInput
          label="Subject"
          type="text"
          name="subject"
          required
          maxLength={200}
          defaultValue={values.subject}
        />
        {fromPost?.photo ? <FromPostPhoto photo={fromPost.photo} /> : null}
        <FileField
          label="Featured image"
          name="photo"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hint={<>PNG, JPEG, GIF or WebP, up to {maxImage}.</>}
        />
        <RichTextField
          name="content"
          label="Content"
          uploadCollection="newsletters"
          defaultValue={values.content}
        />
        <FileField
          label="Attachment (optional)"
          name="attachment"
          accept="application/pdf,image/png,image/jpeg,image/gif,image/webp"
          hint={<>A PDF or an image, up to {maxAttachment}; sent with every message.</>}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          Send
        </button>
        <p className="hint">
          Send shows a preview, lets you send a test and asks you to confirm before anything goes
          out.
        </p>
      </Form>

      <section className="newsletters-sent" aria-labelledby="sent-title">
        <h2 id="sent-title">Newsletters sent</h2>
        {newsletters.length === 0 ? (
          <p className="empty">No newsletter has been sent yet.</p>
        ) : (
          <ListTable
            label="Newsletters sent"
            columns={["Subject", "Audience", "Status", "When", "Deliveries"]}
          >
            {newsletters.map((n) => {
              // Five counts in one cell, so the table fits at 1280 px (docs/behaviour.md §newsletters).
              const pending = Math.max(
                0,
                n.recipientCount - n.deliveredCount - n.failedCount - n.skippedCount,
              );
              return (
                <tr key={n.uid}>
                  <td className="newsletter-subject">
                    <Link to={newsletterPath(n.uid)}>{n.subject}</Link>
                  </td>
                  <td data-label="Audience">{newsletterAudienceLabel(n.audience)}</td>
                  <td data-label="Status">
                    <span className={`badge badge-newsletter-${n.status.replace(" ", "-")}`}>
                      {n.status}
                    </span>
                    {n.status === "scheduled" && n.sendAt ? (
                      <span className="scheduled-for">
                        {" "}
                        for {formatScheduleTime(n.sendAt, timeZone)}
                      </span>
                    ) : null}
                  </td>
                  <td data-label="When">
                    <span className="newsletter-when">
                      <span>Queued {dateTime(n.queuedAt)}</span>
                      <span>Sent {dateTime(n.sentAt)}</span>
                    </span>
                  </td>
                  <td data-label="Deliveries">
                    <span className="newsletter-counts">
                      <span>
                        {n.deliveredCount} of {n.recipientCount} delivered
                      </span>
                      <span className={n.failedCount ? "count-failed" : undefined}>
                        {n.failedCount} failed
                      </span>
                      <span>{n.skippedCount} skipped</span>
                      <span>{pending} pending</span>
                    </span>
                  </td>
                </tr>
              );
            })}
          </ListTable>
        )}
      </section>
    </>
  );
}

/** A file field with its hint under it (the hint describes the field: `<name>-hint`). */
function FileField({
  label,
  name,
  accept,
  hint,
}: {
  label: string;
  name: string;
  accept: string;
  hint: ReactNode;
}) {
  return (
    <>
      <LabeledInput
        label={label}
        type="file"
        name={name}
        accept={accept}
        aria-describedby={`${name}-hint`}
      />
      <p className="hint" id={`${name}-hint`}>
        {hint}
      </p>
    </>
  );
}
