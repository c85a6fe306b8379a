import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";

/**
 * The head of a back-office screen with one link button (Add New…, back to the
 * list) and, when the last post failed, its error.
 */
export function ScreenHead({
  title,
  subtitle,
  to,
  link,
  primary = true,
  result,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  to: string;
  link: string;
  primary?: boolean;
  result?: Parameters<typeof FormError>[0]["result"] | null;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle}>
        <Link to={to} className={`button ${primary ? "button-primary" : "button-secondary"}`}>
          {link}
        </Link>
      </PageHeader>
      {result === undefined ? null : <FormError result={result ?? undefined} />}
    </>
  );
}

/** A figure on a totals card: its name as the heading, the value in bold, then its unit. */
export function StatFigure({
  title,
  value,
  unit,
}: {
  title: string;
  value: ReactNode;
  unit?: string;
}) {
  return (
    <>
      <h2>{title}</h2>
      <p className="stat-value">
        <strong>{value}</strong>
        {unit ? (
          <>
            {" "}
            <span>{unit}</span>
          </>
        ) : null}
      </p>
    </>
  );
}

/** A totals card: its figure and, where there is more to see, a View More link. */
export function StatCard({
  title,
  value,
  unit,
  more,
}: {
  title: string;
  value: ReactNode;
  unit?: string;
  more?: string;
}) {
  return (
    <article className="stat-card">
      <StatFigure title={title} value={value} unit={unit} />
      {more ? (
        <Link to={more} className="button button-secondary" aria-label={`View more: ${title}`}>
          View More
        </Link>
      ) : null}
    </article>
  );
}
