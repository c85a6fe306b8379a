import { NewsletterForm } from "~/components/newsletter-form";
import { StaticPage, staticPageMeta } from "~/components/static-page";

export const meta = staticPageMeta({
  title: "Reach Out",
  description: "How to reach our editorial and business teams.",
  path: "/reach-out",
});

export default function ReachOut() {
  return (
    <StaticPage title="Reach Out">
      <p>
        We read everything our readers send us. Tips, corrections and story ideas go straight to the
        newsroom; partnership and advertising questions go to the business team.
      </p>
      <h2>Editorial</h2>
      <p>
        News tips, corrections and letters to the editor:{" "}
        <a href="mailto:editorial@inkwell.test">editorial@inkwell.test</a>
      </p>
      <h2>Business</h2>
      <p>
        Advertising, sponsorships and partnerships:{" "}
        <a href="mailto:business@inkwell.test">business@inkwell.test</a>
      </p>
      <h2>Press</h2>
      <p>
        Media enquiries and permissions: <a href="mailto:media@inkwell.test">media@inkwell.test</a>
      </p>
      <NewsletterForm heading="Get our newsletter" />
    </StaticPage>
  );
}
