import { useEffect, useRef } from "react";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { EmailField, LabeledInput } from "~/components/admin/fields";
import * as signIn from "~/components/admin/sign-in-page";
import { FlashNotice, FormError } from "~/components/admin/toasts";
import { CaptchaField } from "~/components/captcha-field";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { getOptionalUser } from "~/web/auth.server";
import { passwordAccepted, signInAction } from "~/web/sign-in.server";
import { signInNeedsCaptcha, signInWithForm } from "~/web/sign-in-captcha.server";
import type { Route } from "./+types/admin.login";

export const links = signIn.links;
export const meta = signIn.meta("Login", "/admin/login");
export const headers = signIn.headers;

/** Signed in already: straight to the posts (docs/behaviour.md §access). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getOptionalUser(request)) throw redirect("/admin/posts");
  return { captcha: signInNeedsCaptcha(getDb(), context.get(clientAddressContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const db = getDb();
  return signInAction(
    context,
    async (address) => {
      const user = await signInWithForm(db, request, address);
      return passwordAccepted(request, user, address, redirectTo, {
        type: "success",
        message: "Signed in successfully",
      });
    },
    (address) => ({ captcha: signInNeedsCaptcha(db, address) }),
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const captcha = result?.captcha ?? loaderData?.captcha ?? false;
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirectTo");
  const actionUrl = redirectTo
    ? `/admin/login?${new URLSearchParams({ redirectTo })}`
    : "/admin/login";
  const form = useRef<HTMLFormElement>(null);
  // A refused password is not kept in the field (without JavaScript the page comes back empty).
  useEffect(() => {
    const password = form.current?.elements.namedItem("password");
    if (result?.error && password instanceof HTMLInputElement) password.value = "";
  }, [result]);
  return (
    <signIn.Page title="Login">
      <FlashNotice />
      <FormError result={result} />
      <Form ref={form} method="post" action={actionUrl} className="admin-form">
        <EmailField autoComplete="username" required />
        <LabeledInput
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
        />
        {/* Remounted after each answer: a CAPTCHA answer is good once. */}
        {captcha ? <CaptchaField key={JSON.stringify(result ?? null)} force /> : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          Submit
        </button>
      </Form>
      <p className="login-extra">
        <Link to="/admin/forgot-password">Forgot password?</Link>
      </p>
    </signIn.Page>
  );
}
