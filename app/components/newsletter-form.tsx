import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { FormMessage } from "~/components/form-message";
import { AUDIENCE_OPTIONS, PUBLIC_DEFAULT_AUDIENCES } from "~/domain/subscribers/vocabulary";
import { useFlash } from "~/hooks/use-flash";

type Result = { type: string; message: string };

/** The signup's two fields; each name is also its autocomplete token. */
const SIGNUP_FIELDS = [
  { name: "name", label: "Name", type: "text", maxLength: 100 },
  { name: "email", label: "Email", type: "email", maxLength: 254 },
] as const;

/**
 * The newsletter signup. Without JavaScript it posts to /newsletter, which
 * redirects back here with the message (or shows the form again with a 400).
 * With JavaScript it posts to the JSON call `POST /newsletter/join` through a
 * fetcher; either way the name and email are cleared after any answer, and
 * the last ticked audience can't be unticked.
 */
export function NewsletterForm({
  heading = "Subscribe to our newsletter",
  result,
}: {
  heading?: string;
  /** The message to show when this form is rendered by the /newsletter action itself. */
  result?: Result | null;
}) {
  const id = useId();
  const location = useLocation();
  const flash = useFlash("newsletter");
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const [audience, setAudience] = useState<string[]>([...PUBLIC_DEFAULT_AUDIENCES]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      for (const name of ["name", "email"]) {
        const input = formRef.current?.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = "";
      }
      // A CAPTCHA answer is good once: the next signup solves a new challenge.
      formRef.current?.querySelector("altcha-widget")?.reset();
    }
  }, [fetcher.state, fetcher.data]);

  function onAudienceChange(event: ChangeEvent<HTMLInputElement>) {
    const { value, checked } = event.target;
    setAudience((current) => {
      if (checked) return current.includes(value) ? current : [...current, value];
      return current.length > 1 ? current.filter((a) => a !== value) : current; // keep one
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.delete("redirectTo");
    fetcher.submit(data, { method: "post", action: "/newsletter/join" });
  }

  const message =
    fetcher.state === "idle" && fetcher.data ? fetcher.data : (result ?? flash ?? null);
  return (
    <section className="newsletter-box" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="muted">The stories that matter, in your inbox. Unsubscribe any time.</p>
      <form ref={formRef} method="post" action="/newsletter" onSubmit={onSubmit} noValidate>
        <input
          type="hidden"
          name="redirectTo"
          value={`${location.pathname}${location.search}#${id}-heading`}
        />
        <div className="field-row">
          {SIGNUP_FIELDS.map(({ name, label, type, maxLength }) => (
            <label key={name} className="field">
              <span className="visually-hidden">{label}</span>
              <input
                type={type}
                name={name}
                placeholder={`Your ${label}*`}
                autoComplete={name}
                required
                maxLength={maxLength}
              />
            </label>
          ))}
        </div>
        <fieldset className="audiences">
          <legend>Newsletters</legend>
          {AUDIENCE_OPTIONS.map((option) => (
            <label key={option.value} className="checkbox">
              <input
                type="checkbox"
                name="audience"
                value={option.value}
                checked={audience.includes(option.value)}
                onChange={onAudienceChange}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <CaptchaField />
        <button type="submit" className="button button-primary" disabled={fetcher.state !== "idle"}>
          {fetcher.state === "idle" ? "Subscribe" : "Subscribing…"}
        </button>
        <FormMessage message={message} />
      </form>
    </section>
  );
}
