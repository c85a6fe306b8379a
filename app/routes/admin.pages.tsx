import { Link, useActionData } from "react-router";
import { z } from "zod";
import { ScreenHead } from "~/components/admin/list-page";
import { CountTabs, ListTable, RowButton } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import {
  deletePage,
  listPages,
  PAGE_TABS,
  type PageTab,
  pageCounts,
  setPageStatus,
} from "~/domain/pages/pages.server";
import { isSitePage } from "~/domain/pages/vocabulary";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { getDb } from "~/platform/db.server";
import { formatSiteDate } from "~/utils/site-date";
import { adminUser } from "~/web/auth.server";
import { redirectSuccess } from "~/web/flash.server";
import { formError, parseIntent, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.pages";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Pages", "/admin/pages");

const LABELS = { all: "All", published: "Published", draft: "Draft", trash: "Trash" } as const;
const TAB_ORDER = ["all", "published", "draft", "trash"] as const;

/** Pages (docs/behaviour.md §pages): tabs with real counts, newest change first. */
export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const raw = new URL(args.request.url).searchParams.get("status") ?? "all";
  const tab: PageTab = (PAGE_TABS as readonly string[]).includes(raw) ? (raw as PageTab) : "all";
  const db = getDb();
  return {
    tab,
    counts: pageCounts(user, db),
    pages: listPages(user, db, tab).map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      status: p.status,
      nav: p.nav,
      site: isSitePage(p.slug),
      updatedAt: p.updatedAt.getTime(),
    })),
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(["trash", "restore", "delete"]),
    id: z.coerce.number({ error: "Choose a page" }).int().positive(),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  try {
    const input = parseIntent(await readForm(args.request), Intent);
    const db = getDb();
    if (input.intent === "delete") deletePage(actor, db, input.id);
    else setPageStatus(actor, db, input.id, input.intent === "trash" ? "trash" : "draft");
    const message =
      input.intent === "delete"
        ? "Page deleted permanently"
        : input.intent === "trash"
          ? "Page moved to Trash"
          : "Page restored as a draft";
    return redirectSuccess(
      input.intent === "trash" ? "/admin/pages" : "/admin/pages?status=trash",
      message,
    );
  } catch (error) {
    return formError(error, { prefix: "Error updating page" });
  }
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  const timeZone = useSiteTimeZone();
  const { tab, counts, pages } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <ScreenHead title="Pages" to="/admin/pages/add" link="Add New Page" result={result} />
      <CountTabs
        label="Filter by status"
        current={tab}
        keys={TAB_ORDER}
        labelOf={(key) => LABELS[key]}
        counts={counts}
        to={(key) => (key === "all" ? "/admin/pages" : `/admin/pages?status=${key}`)}
      />
      <ListTable
        label="Pages table"
        caption={`Pages (${LABELS[tab]})`}
        columns={["Title", "Address", "Navigation", "Updated"]}
        emptyRow={pages.length === 0 ? "No pages found." : null}
      >
        {pages.length === 0 ? (
          <tr>
            <td colSpan={4}>No pages found.</td>
          </tr>
        ) : null}
        {pages.map((p) => (
          <tr key={p.id}>
            <td>
              <Link to={`/admin/pages/edit/${p.id}`}>{p.title}</Link>{" "}
              {p.status !== "published" ? (
                <span className={`badge badge-${p.status}`}>{p.status}</span>
              ) : null}
              <span className="row-actions">
                {/* The site's own pages stay published (docs/decisions/133-site-pages.md). */}
                {(p.site
                  ? []
                  : p.status === "trash"
                    ? [
                        ["restore", "Restore"],
                        ["delete", "Delete permanently"],
                      ]
                    : [["trash", "Trash"]]
                ).map(([intent, label]) => (
                  <RowButton
                    key={intent}
                    id={p.id}
                    intent={intent}
                    label={label}
                    ariaLabel={`${label}: ${p.title}`}
                  />
                ))}
              </span>
            </td>
            <td data-label="Address">
              {p.status === "published" ? <Link to={`/${p.slug}`}>/{p.slug}</Link> : `/${p.slug}`}
            </td>
            <td data-label="Navigation">
              {p.site ? "linked by the site" : p.nav === "none" ? "—" : p.nav}
            </td>
            <td data-label="Updated">{formatSiteDate(p.updatedAt, timeZone, { time: false })}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
