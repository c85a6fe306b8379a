import { GoBack } from "~/components/go-back";

function ErrorPanel(props: { code: number; title: string; text: string; backSteps?: number }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code" aria-hidden="true">
        {props.code}
      </p>
      <h1 id="error-title">{props.title}</h1>
      <p>{props.text}</p>
      <GoBack steps={props.backSteps} />
    </section>
  );
}

/** The page for a status: 404 Page Not Found, 403 Access Denied (back 3 steps), or a fault. */
export function ErrorPage({ status }: { status: number }) {
  if (status === 404) {
    return (
      <ErrorPanel
        code={404}
        title="Page Not Found"
        text="The page you are looking for doesn't exist or has been moved."
      />
    );
  }
  if (status === 403) {
    return (
      <ErrorPanel
        code={403}
        title="Access Denied"
        text="You don't have permission to view this page."
        backSteps={3}
      />
    );
  }
  return (
    <ErrorPanel
      code={status}
      title="Something went wrong"
      text="We couldn't load this page. Please try again in a moment."
    />
  );
}
