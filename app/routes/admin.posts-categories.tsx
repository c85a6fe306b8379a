import { adminMeta } from "~/components/admin/meta";
import { TaxonomyScreen } from "~/components/admin/taxonomy-screen";
import { taxonomyAction, taxonomyLoader } from "~/web/screens/taxonomy-screen.server";
import type { Route } from "./+types/admin.posts-categories";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Categories", "/admin/posts/categories");

export const loader = (args: Route.LoaderArgs) => taxonomyLoader("category", args);

export const action = (args: Route.ActionArgs) => taxonomyAction("category", args);

export default TaxonomyScreen;
