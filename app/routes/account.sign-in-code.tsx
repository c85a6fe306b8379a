/**
 * `/account/sign-in/code` (docs/members.md "Signing in"): the address and the 6-digit code
 * from the sign-in e-mail. A wrong, used or expired code is one 400 answer.
 */
import { data } from "react-router";
import { SignInCodeForm } from "~/components/members/sign-in-forms";
import { assertMembersEnabled, returnPath, signInWithCode } from "~/domain/members/sign-in.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { limitNewsletter } from "~/web/limits.server";
import { memberDevice, refusal, signedInRedirect } from "~/web/members.server";
import type { Route } from "./+types/account.sign-in-code";

export function loader({ request }: Route.LoaderArgs) {
  try {
    assertMembersEnabled(getDb());
  } catch {
    throw data("Not found", { status: 404 });
  }
  const params = new URL(request.url).searchParams;
  return { email: params.get("email") ?? "", next: returnPath(params.get("next")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  let email = "";
  let next: string | null = null;
  try {
    limitNewsletter(context.get(clientAddressContext));
    const body = await readAnyBody(request);
    email = typeof body.email === "string" ? body.email : "";
    next = returnPath(body.next);
    return signedInRedirect(
      signInWithCode(getDb(), body, memberDevice(request, context)),
      next ?? undefined,
    );
  } catch (error) {
    return refusal(error, { email, next });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Sign in with a code",
    description: "Sign in with the code from the e-mail.",
    path: "/account/sign-in/code",
    noindex: true,
  });

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container narrow">
      <h1 className="page-title">Sign in with a code</h1>
      <SignInCodeForm
        email={actionData?.email ?? loaderData.email}
        next={actionData?.next ?? loaderData.next}
        message={actionData}
      />
    </div>
  );
}
