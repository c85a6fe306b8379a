import { Form, Link, useActionData, useNavigation } from "react-router";
import { EmailField } from "~/components/admin/fields";
import * as signIn from "~/components/admin/sign-in-page";
import { FlashNotice, FormError } from "~/components/admin/toasts";
import { requestPasswordReset } from "~/domain/accounts/password-links.server";
import { isDomainError } from "~/domain/errors.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import { checkLimit, countAttempt, LIMITS } from "~/web/limits.server";
import { signInAction } from "~/web/sign-in.server";
import type { Route } from "./+types/admin.forgot-password";

export const links = signIn.links;
export const meta = signIn.meta("Forgot password", "/admin/forgot-password");
export const headers = signIn.headers;

/** The same answer whether or not the address has an account. */
export const RESET_SENT =
  "If an account uses that address, a message with a link to choose a new password is on its way. The link works once, for one hour.";

export async function action({ request, context }: Route.ActionArgs) {
  let email = "";
  return signInAction(
    context,
    async (address) => {
      const { fields } = await readForm(request);
      email = fields.email ?? "";
      const key = email.trim().toLowerCase();
      checkLimit(LIMITS.forgotPassword, `address:${address}`, "Too many reset requests.");
      checkLimit(LIMITS.forgotPassword, `email:${key}`, "Too many reset requests.");
      countAttempt(LIMITS.forgotPassword, `address:${address}`);
      countAttempt(LIMITS.forgotPassword, `email:${key}`);
      try {
        await requestPasswordReset({ email: fields.email }, address);
      } catch (error) {
        if (isDomainError(error)) throw error;
        // A mail failure gets the same answer: the page must not tell who has an account.
        console.error(
          "A password reset message could not be sent:",
          error instanceof Error ? error.message : error,
        );
      }
      return redirectWithFlash("/admin/forgot-password", { type: "success", message: RESET_SENT });
    },
    () => ({ values: { email } }),
  );
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <signIn.Page title="Forgot password">
      <FlashNotice />
      <p>
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <FormError result={result} />
      <Form method="post" className="admin-form">
        <EmailField autoComplete="username" required defaultValue={result?.values.email} />
        <button type="submit" className="button button-primary" disabled={busy}>
          Send reset link
        </button>
      </Form>
      <p>
        <Link to="/admin/login">Back to sign-in</Link>
      </p>
    </signIn.Page>
  );
}
