import { NewsletterForm } from "~/components/newsletter-form";
import { StaticPage, staticPageMeta } from "~/components/static-page";
import { useSiteContacts } from "~/hooks/use-site-options";

export const meta = staticPageMeta({
  title: "Reach Out",
  description: "How to reach our editorial and business teams.",
  path: "/reach-out",
});

/** The addresses come from Settings › Site identity; a section without one is left out. */
export default function ReachOut() {
  const contacts = useSiteContacts();
  return (
    <StaticPage title="Reach Out">
      <p>
        We read everything our readers send us. Tips, corrections and story ideas go straight to the
        newsroom; partnership and advertising questions go to the business team.
      </p>
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
