import type { ReactNode } from "react";

/** One toolbar button: named, with its pressed state, and it keeps the editor's selection. */
export function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
  buttonRef,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  buttonRef?: (el: HTMLButtonElement | null) => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="editor-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: the click must not move focus before the command runs.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
