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

/** A figure on a totals card: its name as the heading and the value in bold. */
export function StatFigure({ title, value }: { title: string; value: ReactNode }) {
  return (
    <>
      <h2>{title}</h2>
      <p className="stat-value">
        <strong>{value}</strong>
      </p>
    </>
  );
}
