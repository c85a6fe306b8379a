import { StaticPage, staticPageMeta } from "~/components/static-page";
import { useSiteContacts } from "~/hooks/use-site-options";

export const meta = staticPageMeta({
  title: "Privacy Policy",
  description: "What we collect, why, and how to have it removed.",
  path: "/privacy-policy",
});

export default function PrivacyPolicy() {
  // Privacy requests go to the editorial address (Settings › Site identity).
  const privacy = useSiteContacts().editorial;
  return (
    <StaticPage title="Privacy Policy">
      <p>
        We collect as little as we can. This page explains what is stored when you read, like, share
        or subscribe, and how to have it removed.
      </p>
      <h2>Reading</h2>
      <p>
        We count page views, shares and the time spent on a page to learn which stories are useful.
        These figures are kept per article, never per reader, and no third-party trackers run on
        this site.
      </p>
      <h2>Cookies</h2>
      <ul>
        <li>
          <strong>Theme</strong>: remembers whether you chose the light or dark theme.
        </li>
        <li>
          <strong>Likes</strong>: remembers which posts you liked, so the heart stays red.
        </li>
        <li>
          <strong>Staff sessions</strong>: keeps staff signed in to the back office.
        </li>
      </ul>
      <h2>Newsletter</h2>
      <p>
        When you subscribe we store your name, e-mail address and the newsletters you chose. Every
        newsletter carries an unsubscribe link; after you use it you receive nothing more. To have
        your address deleted entirely, write to{" "}
        {privacy ? <a href={`mailto:${privacy}`}>{privacy}</a> : "us"}.
      </p>
    </StaticPage>
  );
}
