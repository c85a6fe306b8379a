/**
 * `/account/email?token=…` (docs/members.md "The account page"): the link mailed to a new
 * address. Its Confirm button makes it the account's address; the old one is told.
 */
import { data } from "react-router";
import { ConfirmLink } from "~/components/members/confirm-link";
import { ACCOUNT_MESSAGES, confirmEmailChange } from "~/domain/members/account.server";
import { readMemberToken } from "~/domain/members/tokens.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { answerForm } from "~/web/members.server";
import type { Route } from "./+types/account.email";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = readMemberToken(getDb(), "email-change", token);
  if (found.ok) return data({ token, email: found.token.newEmail ?? "", problem: null });
  return data(
    { token: "", email: "", problem: ACCOUNT_MESSAGES[found.reason] },
    { status: found.reason === "invalid" ? 404 : 410 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  return answerForm(
    async () => confirmEmailChange(getDb(), (await readAnyBody(request)).token),
    "done",
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Confirm your new address",
    path: "/account/email",
    noindex: true,
  });

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmLink
      title="Confirm your new address"
      question={`Use ${loaderData.email} for your account from now on?`}
      button="Confirm"
      token={loaderData.token}
      problem={loaderData.problem}
      answer={actionData && { ...actionData, done: actionData.type === "success" }}
    />
  );
}
