import { adminMeta } from "~/components/admin/meta";
import { TaxonomyScreen } from "~/components/admin/taxonomy-screen";
import { taxonomyAction, taxonomyLoader } from "~/web/screens/taxonomy-screen.server";
import type { Route } from "./+types/admin.posts-tags";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Tags", "/admin/posts/tags");

export const loader = (args: Route.LoaderArgs) => taxonomyLoader("tag", args);

export const action = (args: Route.ActionArgs) => taxonomyAction("tag", args);

export default TaxonomyScreen;
