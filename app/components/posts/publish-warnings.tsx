import { type ConfirmPlacement, ConfirmStep } from "~/components/admin/confirm-step";

/**
 * What Publish found worth a second look (docs/behaviour.md §workflow): the list of warnings and
 * "Publish anyway", which sends the post form again with `confirmWarnings=yes`; it works
 * without JavaScript.
 */
export function PublishWarnings({ warnings, ...props }: ConfirmPlacement & { warnings: string[] }) {
  return (
    <ConfirmStep
      {...props}
      id="publish-warnings-heading"
      className="publish-warnings"
      title={`Publish with ${warnings.length === 1 ? "this warning" : "these warnings"}?`}
      confirm={{
        field: "confirmWarnings",
        intent: "publish",
        label: "Publish anyway",
        look: "primary",
      }}
      cancelLabel="Keep editing"
    >
      <ul className="publish-warnings-list">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </ConfirmStep>
  );
}
