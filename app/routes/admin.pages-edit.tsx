import { data, useActionData } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { PageForm } from "~/components/admin/page-form";
import { PageHeader } from "~/components/admin/page-header";
import { isDomainError } from "~/domain/errors.server";
import { getPageForEdit } from "~/domain/pages/pages.server";
import { isSitePage, SITE_PAGES } from "~/domain/pages/vocabulary";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { pageFormAction } from "~/web/screens/page-form.server";
import type { Route } from "./+types/admin.pages-edit";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, "Edit Page", `/admin/pages/edit/${params.id}`);

function pageId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  try {
    const page = getPageForEdit(user, getDb(), pageId(args.params.id));
    return {
      page: {
        title: page.title,
        slug: page.slug,
        summary: page.summary,
        content: page.content,
        status: page.status,
        nav: page.nav,
        navOrder: page.navOrder,
      },
      siteAdds: isSitePage(page.slug) ? SITE_PAGES[page.slug] : null,
    };
  } catch (error) {
    if (isDomainError(error)) throw data(null, { status: error.status });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  return pageFormAction(await adminUser(args), args.request, pageId(args.params.id));
}

/** Edit Page (docs/behaviour.md §pages). */
export default function EditPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { page, siteAdds } = loaderData;
  return (
    <>
      <PageHeader title="Edit Page" subtitle={`Status: ${page.status}`} />
      <PageForm
        values={page}
        result={result}
        publicPath={page.status === "published" ? `/${page.slug}` : null}
        siteAdds={siteAdds}
      />
    </>
  );
}
