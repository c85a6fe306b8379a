import { StaticPage, sitePageMeta } from "~/components/static-page";
import { useSiteContacts } from "~/hooks/use-site-options";
import { loadSitePage } from "~/web/site-pages.server";
import type { Route } from "./+types/privacy-policy";

export const loader = () => loadSitePage("privacy-policy");

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  sitePageMeta({ matches, loaderData: loaderData?.page });

/** The text is the page's (Pages screen); the site adds where privacy requests go. */
export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  // Privacy requests go to the editorial address (Settings › Site identity).
  const privacy = useSiteContacts().editorial;
  return (
    <StaticPage page={loaderData.page}>
      <p>
        To have your address deleted entirely, write to{" "}
        {privacy ? <a href={`mailto:${privacy}`}>{privacy}</a> : "us"}.
      </p>
    </StaticPage>
  );
}
