import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/media-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Media Policy",
    description: "How to use our articles and images, and who to ask.",
    path: "/media-policy",
  });

export default function MediaPolicy() {
  return (
    <div className="container narrow prose">
      <h1>Media Policy</h1>
      <p>
        You are welcome to quote short passages of our reporting with a link to the original
        article. Republishing whole articles, illustrations or photographs needs written permission.
      </p>
      <h2>Images</h2>
      <p>
        Illustrations on this site are produced by our newsroom unless a caption says otherwise.
        Sponsored posts are always labelled as such and are kept apart from our reporting.
      </p>
      <h2>Media contact</h2>
      <p>
        Press enquiries, interview requests and permissions:{" "}
        <a href="mailto:media@inkwell.test">media@inkwell.test</a>
      </p>
    </div>
  );
}
