import { NewsletterForm } from "~/components/newsletter-form";
import { StaticPage, sitePageMeta } from "~/components/static-page";
import { useSiteContacts } from "~/hooks/use-site-options";
import { loadSitePage } from "~/web/site-pages.server";
import type { Route } from "./+types/reach-out";

export const loader = () => loadSitePage("reach-out");

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  sitePageMeta({ matches, loaderData: loaderData?.page });

/**
 * The text is the page's (Pages screen); the site adds the addresses of
 * Settings › Site identity (a section without one is left out) and the newsletter form.
 */
export default function ReachOut({ loaderData }: Route.ComponentProps) {
  const contacts = useSiteContacts();
  return (
    <StaticPage page={loaderData.page}>
      {contacts.editorial ? (
        <>
          <h2>Editorial</h2>
          <p>
            News tips, corrections and letters to the editor:{" "}
            <a href={`mailto:${contacts.editorial}`}>{contacts.editorial}</a>
          </p>
        </>
      ) : null}
      {contacts.business ? (
        <>
          <h2>Business</h2>
          <p>
            Advertising, sponsorships and partnerships:{" "}
            <a href={`mailto:${contacts.business}`}>{contacts.business}</a>
          </p>
        </>
      ) : null}
      {contacts.media ? (
        <>
          <h2>Press</h2>
          <p>
            Media enquiries and permissions:{" "}
            <a href={`mailto:${contacts.media}`}>{contacts.media}</a>
          </p>
        </>
      ) : null}
      {contacts.postalAddress ? (
        <>
          <h2>By post</h2>
          <address>{contacts.postalAddress}</address>
        </>
      ) : null}
      <NewsletterForm heading="Get our newsletter" />
    </StaticPage>
  );
}
