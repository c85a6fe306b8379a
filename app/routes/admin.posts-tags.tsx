import { adminMeta } from "~/components/admin/meta";
import { TaxonomyScreen } from "~/components/admin/taxonomy-screen";
import { taxonomyAction, taxonomyLoader } from "~/web/screens/taxonomy-screen.server";
import type { Route } from "./+types/admin.posts-tags";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Tags", "/admin/posts/tags");

export const loader = ({ request }: Route.LoaderArgs) => taxonomyLoader("tag", request);

export const action = ({ request }: Route.ActionArgs) => taxonomyAction("tag", request);

export default TaxonomyScreen;
