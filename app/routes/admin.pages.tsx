import { Link } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { SampleCounts, SampleScreen } from "~/components/admin/sample-screen";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.pages";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Pages", "/admin/pages");

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return null;
}

const SAMPLE_PAGES = [
  { title: "About Us", author: "Admin", date: "2025/03/01" },
  { title: "Contact", author: "Admin", date: "2025/02/18" },
  { title: "Advertise With Us", author: "Maya Okafor", date: "2025/01/30" },
];

/** Placeholder (docs/behaviour.md §backoffice): sample rows, no behaviour. */
export default function Pages() {
  return (
    <SampleScreen>
      <PageHeader title="Pages" subtitle="Sample data">
        <Link to="/admin/pages/add" className="button button-primary">
          Add New Page
        </Link>
      </PageHeader>
      <SampleCounts label="Pages" />
      <TableWrap label="Sample pages table">
        <table className="admin-table">
          <caption className="visually-hidden">Sample pages</caption>
          <HeadRow columns={["Title", "Author", "Date"]} />
          <tbody>
            {SAMPLE_PAGES.map((p) => (
              <tr key={p.title}>
                <td>{p.title}</td>
                <td>{p.author}</td>
                <td>{p.date}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </SampleScreen>
  );
}
