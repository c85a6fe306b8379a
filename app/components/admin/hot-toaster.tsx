import { useEffect } from "react";
import toast, { Toaster, useToasterStore } from "react-hot-toast";
import type { Flash } from "~/web/flash.server";

/** docs/behaviour.md §backoffice: 4000 ms default and error, 2000 ms success, loading until replaced; 20 at once. */
const TOAST_LIMIT = 20;
const TOAST_DURATIONS = { default: 4000, success: 2000, error: 4000 } as const;

/** Shows a message as a toast of its kind. */
function notify(flash: Flash) {
  if (flash.type === "success") toast.success(flash.message);
  else toast.error(flash.message);
}

/**
 * react-hot-toast's <Toaster> with the documented durations and limit, and the
 * flash of the last action shown as a toast. Loaded by `AppToaster` only where
 * a toast can appear (docs/decisions/282-toaster-on-demand.md).
 */
export default function HotToaster({ flash }: { flash: Flash | null }) {
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
