import type { ReactNode } from "react";

/** The heading row of an admin screen: title, optional subtitle and actions. */
export function PageHeader({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="admin-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
      </div>
      {children ? <div className="admin-page-actions">{children}</div> : null}
    </header>
  );
}
