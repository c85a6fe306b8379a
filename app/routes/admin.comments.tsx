import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { SampleCounts, SampleScreen } from "~/components/admin/sample-screen";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.comments";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Comments", "/admin/comments");

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return null;
}

const SAMPLE_COMMENTS = [
  {
    author: "Jane Reader",
    comment: "Great overview of the rate decision, thanks!",
    response: "What the Fed's pause means for your savings",
    submitted: "2025/03/20 at 9:14 am",
  },
  {
    author: "Crypto Fan",
    comment: "Would love a follow-up on staking yields.",
    response: "Bitcoin's halving, explained",
    submitted: "2025/03/18 at 4:02 pm",
  },
];

/** Placeholder (docs/behaviour.md §backoffice): sample rows with the documented columns, no behaviour. */
export default function Comments() {
  return (
    <SampleScreen>
      <PageHeader title="Comments" subtitle="Sample data" />
      <SampleCounts label="Comments" />
      <TableWrap label="Sample comments table">
        <table className="admin-table">
          <caption className="visually-hidden">Sample comments</caption>
          <HeadRow columns={["Author", "Comment", "In Response To", "Submitted On"]} />
          <tbody>
            {SAMPLE_COMMENTS.map((c) => (
              <tr key={c.author}>
                <td>{c.author}</td>
                <td>{c.comment}</td>
                <td>{c.response}</td>
                <td>{c.submitted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </SampleScreen>
  );
}
