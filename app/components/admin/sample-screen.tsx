import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { Announcement } from "~/components/admin/announcement";
import type { loader as layoutLoader } from "~/routes/admin.layout";

/** The dummy counts of docs/behaviour.md §backoffice for the Pages and Comments placeholders. */
export const SAMPLE_COUNTS = [
  ["All", 100],
  ["Published", 72],
  ["Draft", 9],
  ["Trash", 19],
] as const;

const PLACEHOLDER_ANNOUNCEMENT = { id: "placeholders", date: "20250324" } as const;

/**
 * The frame of a placeholder screen (docs/behaviour.md §backoffice: Pages, Add Page, Comments have
 * no real behaviour yet): a plain "sample data" notice, so nobody mistakes
 * it for a working screen, and the announcement box with Dismiss.
 */
export function SampleScreen({ children }: { children: ReactNode }) {
  const dismissed = useRouteLoaderData<typeof layoutLoader>("routes/admin.layout")?.dismissed ?? {};
  return (
    <>
      <Announcement
        id={PLACEHOLDER_ANNOUNCEMENT.id}
        date={PLACEHOLDER_ANNOUNCEMENT.date}
        title="This screen is still being built"
        dismissed={(dismissed[PLACEHOLDER_ANNOUNCEMENT.id] ?? "") >= PLACEHOLDER_ANNOUNCEMENT.date}
      >
        <p>
          The rows and counts below are sample data: nothing here is saved or read from the site
          yet. Contact support if you need this screen sooner.
        </p>
      </Announcement>
      {children}
    </>
  );
}

export function SampleCounts({ label }: { label: string }) {
  return (
    <ul className="tabs sample-counts" aria-label={`${label} (sample counts)`}>
      {SAMPLE_COUNTS.map(([name, n]) => (
        <li key={name}>
          {name} <span className="count">({n})</span>
        </li>
      ))}
    </ul>
  );
}
