import { adminMeta } from "~/components/admin/meta";
import { TaxonomyScreen } from "~/components/admin/taxonomy-screen";
import { taxonomyAction, taxonomyLoader } from "~/web/screens/taxonomy-screen.server";
import type { Route } from "./+types/admin.posts-categories";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Categories", "/admin/posts/categories");

export const loader = ({ request }: Route.LoaderArgs) => taxonomyLoader("category", request);

export const action = ({ request }: Route.ActionArgs) => taxonomyAction("category", request);

export default TaxonomyScreen;
