import type { ReactNode } from "react";

/**
 * A submit button that names what the form should do (`intent`); `look` picks the button style.
 * Disabled while the form is busy.
 */
export function IntentButton({
  intent,
  look = "secondary",
  busy,
  children,
}: {
  intent: string;
  look?: "primary" | "secondary" | "danger";
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button button-${look}`}
      disabled={busy}
    >
      {children}
    </button>
  );
}
