import { GoBack } from "~/components/go-back";

export function NotFoundPage() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="error-title">Page Not Found</h1>
      <p>The page you are looking for doesn't exist or has been moved.</p>
      <GoBack />
    </section>
  );
}

export function AccessDeniedPage() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        403
      </p>
      <h1 id="error-title">Access Denied</h1>
      <p>You don't have permission to view this page.</p>
      <GoBack steps={3} />
    </section>
  );
}

export function ServerErrorPage({ status }: { status: number }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">Something went wrong</h1>
      <p>We couldn't load this page. Please try again in a moment.</p>
      <GoBack />
    </section>
  );
}

export function ErrorPage({ status }: { status: number }) {
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <AccessDeniedPage />;
  return <ServerErrorPage status={status} />;
}
