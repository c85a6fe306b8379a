import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef } from "react";

/**
 * One Tab stop for the whole toolbar (the ARIA toolbar pattern): the last
 * button used keeps tabindex 0, the others -1; arrows, Home and End move along.
 */
export function useRovingToolbar() {
  const toolbar = useRef<HTMLDivElement>(null);
  const enabledButtons = () =>
    Array.from(toolbar.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? []);
  const rove = (target: HTMLButtonElement | undefined) => {
    if (!target) return;
    for (const button of toolbar.current?.querySelectorAll("button") ?? []) {
      button.tabIndex = button === target ? 0 : -1;
    }
  };
  useLayoutEffect(() => {
    // After every render: if the Tab stop became disabled (undo, redo), the first enabled button takes it.
    const buttons = enabledButtons();
    if (!buttons.some((button) => button.getAttribute("tabindex") === "0")) rove(buttons[0]);
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = enabledButtons();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = {
      ArrowRight: (index + 1) % buttons.length,
      ArrowLeft: (index - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    rove(buttons[next]);
    buttons[next]?.focus();
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLButtonElement) rove(event.target);
  }

  return { toolbar, onKeyDown, onFocus };
}
