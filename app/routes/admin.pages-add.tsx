import { LabeledInput } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { SampleScreen } from "~/components/admin/sample-screen";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.pages-add";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Add Page", "/admin/pages/add");

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return null;
}

/** Placeholder (docs/behaviour.md §backoffice): the form is shown disabled, since pages cannot be saved yet. */
export default function AddPage() {
  return (
    <SampleScreen>
      <PageHeader title="Add New Page" subtitle="Not available yet" />
      <form className="admin-form admin-panel" aria-label="Add page (not available yet)">
        <fieldset disabled>
          <LabeledInput label="Title" type="text" name="title" />
          <label htmlFor="page-content">Content</label>
          <textarea id="page-content" name="content" rows={6} />
          <button type="submit" className="button button-primary">
            Publish Page
          </button>
        </fieldset>
      </form>
    </SampleScreen>
  );
}
