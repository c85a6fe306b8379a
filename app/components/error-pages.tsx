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

type ErrorText = { title: string; text: string; backSteps?: number };

/** The known statuses' pages; any other is a fault. */
const PAGES: Record<number, ErrorText> = {
  404: {
    title: "Page Not Found",
    text: "The page you are looking for doesn't exist or has been moved.",
  },
  403: {
    title: "Access Denied",
    text: "You don't have permission to view this page.",
    backSteps: 3,
  },
};

const FAULT: ErrorText = {
  title: "Something went wrong",
  text: "We couldn't load this page. Please try again in a moment.",
};

/** The page for a status: 404 Page Not Found, 403 Access Denied (back 3 steps), or a fault. */
export function ErrorPage({ status }: { status: number }) {
  return <ErrorPanel code={status} {...(PAGES[status] ?? FAULT)} />;
}
