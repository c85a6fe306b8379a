import { StaticPage, sitePageMeta } from "~/components/static-page";
import { useSiteContacts } from "~/hooks/use-site-options";
import { loadSitePage } from "~/web/site-pages.server";
import type { Route } from "./+types/media-policy";

export const loader = () => loadSitePage("media-policy");

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  sitePageMeta({ matches, loaderData: loaderData?.page });

/** The text is the page's (Pages screen); the site adds the media contact of Settings. */
export default function MediaPolicy({ loaderData }: Route.ComponentProps) {
  const contacts = useSiteContacts();
  return (
    <StaticPage page={loaderData.page}>
      {contacts.media ? (
        <>
          <h2>Media contact</h2>
          <p>
            Press enquiries, interview requests and permissions:{" "}
            <a href={`mailto:${contacts.media}`}>{contacts.media}</a>
          </p>
        </>
      ) : null}
    </StaticPage>
  );
}
