import { Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/form-message";

/**
 * A mailed link's page (a new address, deleting an account): opening it changes nothing,
 * its button does; afterwards the outcome, or the link's problem.
 */
export function ConfirmLink({
  title,
  question,
  button,
  token,
  problem,
  answer,
}: {
  title: string;
  question: string;
  button: string;
  token: string;
  problem: string | null;
  answer?: { type: string; message: string; done?: boolean } | null;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container narrow">
      <h1 className="page-title">{title}</h1>
      {answer?.done ? (
        <FormMessage message={answer} />
      ) : problem ? (
        <FormMessage message={{ type: "error", message: problem }} />
      ) : (
        <Form method="post" className="member-form">
          <p>{question}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {button}
          </button>
          <FormMessage message={answer ?? null} />
        </Form>
      )}
    </div>
  );
}
