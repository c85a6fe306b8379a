import { type ConfirmPlacement, ConfirmStep } from "./confirm-step";

/**
 * The question before Save Draft takes a published post off the site. Its
 * buttons belong to the post form (`form=`), so "Save as draft" sends the
 * fields again with `confirmUnpublish=yes`; it works without JavaScript.
 */
export function UnpublishConfirm(props: ConfirmPlacement) {
  return (
    <ConfirmStep
      {...props}
      id="unpublish-heading"
      title="Take this post off the site?"
      confirm={{
        field: "confirmUnpublish",
        intent: "draft",
        label: "Save as draft (unpublish)",
        look: "danger",
      }}
      cancelLabel="Keep it published"
    >
      <p>
        This takes the post off the site: it becomes a draft and readers following its link get
        "Page not found" until it is published again.
      </p>
    </ConfirmStep>
  );
}
