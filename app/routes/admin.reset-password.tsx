import { Form, Link, useActionData, useNavigation } from "react-router";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import * as signIn from "~/components/admin/sign-in-page";
import { FormError } from "~/components/admin/toasts";
import {
  checkPasswordLink,
  INVALID_LINK,
  resetPasswordWithLink,
} from "~/domain/accounts/password-links.server";
import { isDomainError } from "~/domain/errors.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import { checkLimit, countAttempt, LIMITS } from "~/web/limits.server";
import { signInAction } from "~/web/sign-in.server";
import type { Route } from "./+types/admin.reset-password";

export const links = signIn.links;
export const meta = signIn.meta("Choose a new password", "/admin/reset-password");
export const headers = signIn.headers;

/** Whom the link is for, or that it is no longer good (never a 500). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const link = checkPasswordLink(token);
    return { valid: true as const, token, name: link.name, purpose: link.purpose, message: "" };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { valid: false as const, token: "", name: "", purpose: null, message: INVALID_LINK };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(context, async (address) => {
    checkLimit(LIMITS.resetPassword, address, "Too many attempts.");
    const form = await readForm(request);
    try {
      resetPasswordWithLink(form.fields, address);
    } catch (error) {
      if (isDomainError(error) && error.message === INVALID_LINK) {
        countAttempt(LIMITS.resetPassword, address);
      }
      throw error;
    }
    return redirectWithFlash("/admin/login", {
      type: "success",
      message: "Your new password is set. Sign in with it.",
    });
  });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <signIn.Page
      title={loaderData.purpose === "invite" ? "Choose your password" : "Choose a new password"}
    >
      <FormError result={result} />
      {loaderData.valid ? (
        <Form method="post" className="admin-form">
          <p>For {loaderData.name}.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields minLength={6} withGenerator />
          <button type="submit" className="button button-primary" disabled={busy}>
            Set password
          </button>
        </Form>
      ) : (
        <p role="alert" className="notice notice-error">
          {loaderData.message}
        </p>
      )}
      <p>
        <Link to="/admin/forgot-password">Ask for a new link</Link> ·{" "}
        <Link to="/admin/login">Sign in</Link>
      </p>
    </signIn.Page>
  );
}
