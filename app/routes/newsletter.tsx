/**
 * The signup's no-JavaScript endpoint (`POST /newsletter`): success redirects
 * back to the page the form was on with a flash message; a mistake shows the
 * form here again with the message and status 400. `GET /newsletter` is a
 * standalone signup page.
 */

import { NewsletterForm } from "~/components/newsletter-form";
import { signUpReader } from "~/domain/subscribers/signup.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { formActionWithFlash } from "~/web/flash.server";
import { limitNewsletter } from "~/web/limits.server";
import type { Route } from "./+types/newsletter";

export function action({ request, context }: Route.ActionArgs) {
  return formActionWithFlash(request, "newsletter", async (body) => {
    limitNewsletter(context.get(clientAddressContext));
    return {
      message: (await signUpReader(getDb(), body, "form")).message,
      to: body.redirectTo,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Newsletter",
    description: "Sign up for our newsletters: news, music and offers.",
    path: "/newsletter",
    // The no-JavaScript signup's answer page; robots.txt keeps crawlers out too.
    noindex: true,
  });

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="container narrow">
      <h1 className="page-title">Newsletter</h1>
      <NewsletterForm heading="Sign up" result={actionData} />
    </div>
  );
}
