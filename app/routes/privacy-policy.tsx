import { MembersPrivacySection } from "~/components/members/privacy-section";
import { StaticPage, sitePageMeta } from "~/components/static-page";
import { getSettings } from "~/domain/site/settings.server";
import { useSiteContacts } from "~/hooks/use-site-options";
import { getDb } from "~/platform/db.server";
import { loadSitePage } from "~/web/site-pages.server";
import type { Route } from "./+types/privacy-policy";

export function loader() {
  const { membersEnabled, deletedMemberComments } = getSettings(getDb());
  return {
    ...loadSitePage("privacy-policy"),
    members: membersEnabled ? { deletedComments: deletedMemberComments } : null,
  };
}

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
      {loaderData.members ? (
        <MembersPrivacySection deletedComments={loaderData.members.deletedComments} />
      ) : null}
    </StaticPage>
  );
}
