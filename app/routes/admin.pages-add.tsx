import { useActionData } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { PageForm } from "~/components/admin/page-form";
import { PageHeader } from "~/components/admin/page-header";
import { adminUser } from "~/web/auth.server";
import { pageFormAction } from "~/web/screens/page-form.server";
import type { Route } from "./+types/admin.pages-add";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Add Page", "/admin/pages/add");

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  return pageFormAction(await adminUser(args), args.request);
}

/** Add New Page (docs/behaviour.md §pages). */
export default function AddPage() {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Add New Page" />
      <PageForm
        values={{
          title: "",
          slug: "",
          summary: "",
          content: "",
          status: "draft",
          nav: "none",
          navOrder: 0,
        }}
        result={result}
      />
    </>
  );
}
