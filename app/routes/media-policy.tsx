import { StaticPage, staticPageMeta } from "~/components/static-page";
import { useSiteContacts } from "~/hooks/use-site-options";

export const meta = staticPageMeta({
  title: "Media Policy",
  description: "How to use our articles and images, and who to ask.",
  path: "/media-policy",
});

export default function MediaPolicy() {
  const contacts = useSiteContacts();
  return (
    <StaticPage title="Media Policy">
      <p>
        You are welcome to quote short passages of our reporting with a link to the original
        article. Republishing whole articles, illustrations or photographs needs written permission.
      </p>
      <h2>Images</h2>
      <p>
        Illustrations on this site are produced by our newsroom unless a caption says otherwise.
        Sponsored posts are always labelled as such and are kept apart from our reporting.
      </p>
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
