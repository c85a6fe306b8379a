/**
 * `/account/sign-in` (docs/members.md "Signing in"): the reader's address; the answer is
 * always "Check your inbox" with the code form, whoever the address belongs to. Works
 * without JavaScript; CAPTCHA and the per-address limit as the newsletter form.
 */
import { data, redirect } from "react-router";
import { SignInCodeForm, SignInEmailForm } from "~/components/members/sign-in-forms";
import { getMember } from "~/domain/members/session.server";
import { assertMembersEnabled, requestSignIn, returnPath } from "~/domain/members/sign-in.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { limitNewsletter } from "~/web/limits.server";
import { refusal } from "~/web/members.server";
import type { Route } from "./+types/account.sign-in";

function membersOn() {
  try {
    assertMembersEnabled(getDb());
  } catch {
    throw data("Not found", { status: 404 });
  }
}

export function loader({ request }: Route.LoaderArgs) {
  membersOn();
  const next = returnPath(new URL(request.url).searchParams.get("next"));
  if (getMember(request)) throw redirect(next ?? "/account");
  return { next };
}

export async function action({ request, context }: Route.ActionArgs) {
  membersOn();
  try {
    limitNewsletter(context.get(clientAddressContext));
    const answer = await requestSignIn(getDb(), await readAnyBody(request));
    answer.delivery.catch((error) => console.error("Sign-in mail not sent:", error));
    return data({
      sent: true as const,
      email: answer.email,
      next: answer.next,
      type: "success",
      message: answer.message,
    });
  } catch (error) {
    return refusal(error, { sent: false as const, email: "", next: null });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Sign in",
    description: "Sign in with your e-mail address.",
    path: "/account/sign-in",
    noindex: true,
  });

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container narrow">
      {actionData?.sent ? (
        <>
          <h1 className="page-title">Check your inbox</h1>
          <p role="status">{actionData.message}</p>
          <p>Your mail app opens links in another browser? Enter the code here instead.</p>
          <SignInCodeForm email={actionData.email} next={actionData.next} />
        </>
      ) : (
        <>
          <h1 className="page-title">Sign in</h1>
          <p>
            Enter your e-mail address: we'll send you a link to sign in, no password needed. New
            here? The same link creates your account.
          </p>
          <SignInEmailForm message={actionData} next={loaderData.next} />
        </>
      )}
    </div>
  );
}
