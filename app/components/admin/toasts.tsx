import { useEffect, useRef } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import { useFlash } from "~/hooks/use-flash";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Flash } from "~/web/flash.server";

/** docs/behaviour.md §backoffice: 4000 ms default and error, 2000 ms success, loading until replaced; 20 at once. */
export const TOAST_LIMIT = 20;
export const TOAST_DURATIONS = { default: 4000, success: 2000, error: 4000 } as const;

/** Shows a message as a toast of its kind. */
export function notify(flash: Flash, id?: string) {
  if (flash.type === "success") toast.success(flash.message, { id });
  else toast.error(flash.message, { id });
}

/**
 * The one <Toaster> (in root): the documented durations and limit, and the flash
 * of the last action shown as a toast once JavaScript runs.
 */
export function AppToaster() {
  const flash = useFlash();
  const { toasts } = useToasterStore();
  useEffect(() => {
    if (flash) notify(flash);
  }, [flash]);
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => {
        toast.dismiss(t.id);
      });
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.default,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        loading: { duration: Number.POSITIVE_INFINITY },
      }}
    />
  );
}

/**
 * The last action's outcome in the page, for readers without JavaScript
 * (with it, the same message is a toast and this stays empty).
 */
export function FlashNotice() {
  const flash = useFlash();
  const hydrated = useHydrated();
  if (!flash || hydrated) return null;
  return (
    <p role="status" className={`notice notice-${flash.type}`}>
      {flash.message}
    </p>
  );
}

/**
 * A refused form's message: in the page beside the form, with or without
 * JavaScript, and only there (no toast repeating it: one place per message).
 */
export function FormError({ result }: { result: { error?: string | null } | undefined }) {
  const message = result?.error;
  const ref = useRef<HTMLParagraphElement>(null);
  // Each refused submission moves focus (and the view) to its message, above the form,
  // instead of leaving it on the button far down the page.
  useEffect(() => {
    if (result?.error) ref.current?.focus();
  }, [result]);
  if (!message) return null;
  return (
    <p ref={ref} role="alert" tabIndex={-1} className="notice notice-error">
      {message}
    </p>
  );
}
