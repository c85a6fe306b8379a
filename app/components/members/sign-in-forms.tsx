import { Form, Link, useNavigation } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { FormMessage } from "~/components/form-message";

type Message = { type: string; message: string } | null | undefined;

/** `/account/sign-in`, keeping where the reader returns once signed in. */
export function signInHref(next?: string | null) {
  return next ? `/account/sign-in?${new URLSearchParams({ next })}` : "/account/sign-in";
}

/** Where the reader returns once signed in, carried by each sign-in form. */
function NextField({ next }: { next?: string | null }) {
  return next ? <input type="hidden" name="next" value={next} /> : null;
}

/** The address form of `/account/sign-in` (docs/members.md "Signing in"). */
export function SignInEmailForm({
  message,
  email,
  next,
}: {
  message?: Message;
  email?: string;
  next?: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action="/account/sign-in" className="member-form">
      <NextField next={next} />
      <label htmlFor="sign-in-email">E-mail address</label>
      <input
        id="sign-in-email"
        type="email"
        name="email"
        autoComplete="email"
        required
        defaultValue={email}
      />
      <CaptchaField />
      <button type="submit" className="button button-primary" disabled={busy}>
        E-mail me a sign-in link
      </button>
      <FormMessage message={message ?? null} />
    </Form>
  );
}

/** "Check your inbox": the code form, for mail apps that open links elsewhere. */
export function SignInCodeForm({
  email,
  message,
  next,
}: {
  email: string;
  message?: Message;
  next?: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action="/account/sign-in/code" className="member-form">
      <NextField next={next} />
      <label htmlFor="sign-in-code-email">E-mail address</label>
      <input
        id="sign-in-code-email"
        type="email"
        name="email"
        autoComplete="email"
        required
        defaultValue={email}
      />
      <label htmlFor="sign-in-code">6-digit code from the e-mail</label>
      <input
        id="sign-in-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        Sign in with the code
      </button>
      <FormMessage message={message ?? null} />
      <p>
        No e-mail? <Link to={signInHref(next)}>Ask for a new one</Link>.
      </p>
    </Form>
  );
}
