/**
 * The pieces of a newsletter's own page (review before sending, and what
 * happened after): the confirm step, the test send form, the preview.
 */
import { Form } from "react-router";
import { LabeledInput } from "~/components/admin/fields";

/** A newsletter's page: preview, test, confirm (a draft); deliveries and failures (after). */
export const newsletterPath = (uid: string) => `/admin/mail/newsletters/${uid}`;

/** The image a post brought to the Send form ("Send as newsletter"), kept unless a file is chosen. */
export function FromPostPhoto({ photo }: { photo: string }) {
  return (
    <p className="hint" id="photo-from-post">
      <input type="hidden" name="photoUrl" value={photo} />
      {"Featured image: the post's image, "}
      <span className="file-name">{photo}</span>
      {" (choose a file below to use another)."}
    </p>
  );
}

/** The confirm step: names the audience and the number of Active subscribers it goes to now. */
export function ConfirmSend({
  audienceLabel,
  active,
  busy,
}: {
  audienceLabel: string;
  active: number;
  busy: boolean;
}) {
  const people = `${active} Active ${active === 1 ? "subscriber" : "subscribers"}`;
  return (
    <section className="admin-panel newsletter-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">Send</h2>
      {active === 0 ? (
        <p>
          {`There are no active subscribers in the ${audienceLabel} audience: nobody to send to.`}
        </p>
      ) : (
        <Form method="post" className="admin-form">
          <p>
            {"Send this newsletter to "}
            <strong>{audienceLabel}</strong>
            {": "}
            <strong>{people}</strong>?
          </p>
          <div className="form-actions">
            <button
              type="submit"
              name="intent"
              value="send"
              className="button button-primary"
              disabled={busy}
            >
              {`Send to ${people}`}
            </button>
            <button
              type="submit"
              name="intent"
              value="discard"
              className="button"
              formNoValidate
              disabled={busy}
            >
              Discard draft
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Send a test: to oneself (the field left empty) or to at most 5 typed addresses. */
export function TestSend({ email, busy, max }: { email: string; busy: boolean; max: number }) {
  return (
    <section className="admin-panel newsletter-test" aria-labelledby="test-title">
      <h2 id="test-title">Send a test</h2>
      <Form method="post" className="admin-form">
        <LabeledInput
          label="Test addresses"
          type="text"
          name="addresses"
          aria-describedby="addresses-hint"
          autoComplete="off"
        />
        <p className="hint" id="addresses-hint">
          {`Empty: to you (${email}). Or up to ${max} addresses, separated by commas.`}
        </p>
        <button type="submit" name="intent" value="test" className="button" disabled={busy}>
          Send a test
        </button>
      </Form>
    </section>
  );
}

/**
 * The message as subscribers get it: the HTML in a sandboxed frame (no scripts, no forms; it keeps
 * this site's origin so this site's images, served same-origin only, load), and the text part.
 */
export function Preview({ uid, text }: { uid: string; text: string }) {
  return (
    <section className="admin-panel newsletter-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <h3>HTML</h3>
      <iframe
        title="Newsletter preview (HTML)"
        src={`${newsletterPath(uid)}/preview`}
        sandbox="allow-same-origin"
        className="newsletter-preview-frame"
      />
      <h3>Text</h3>
      <pre className="newsletter-preview-text">{text}</pre>
    </section>
  );
}
