/** A form's outcome: green on success, red on error (docs/behaviour.md §errors), announced to screen readers. */
export function FormMessage({
  message,
}: {
  message: { type: "success" | "error" | string; message: string } | null | undefined;
}) {
  return (
    <p
      className={`form-message ${message ? (message.type === "success" ? "is-success" : "is-error") : ""}`}
      role="status"
      aria-live="polite"
    >
      {message?.message ?? ""}
    </p>
  );
}
