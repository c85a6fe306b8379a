import { lazy, Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useFlash } from "~/hooks/use-flash";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLoadWhen } from "~/hooks/use-load-when";

const HotToaster = lazy(() => import("~/components/admin/hot-toaster"));

/**
 * The one toaster (in root): react-hot-toast, loaded after hydration only where
 * a toast can appear: a page with a flash to show, and the back office (whose
 * screens raise toasts of their own). A reader page without a flash never
 * loads it (docs/decisions/282-toaster-on-demand.md).
 */
export function AppToaster() {
  const flash = useFlash();
  const backOffice = useLocation().pathname.startsWith("/admin");
  const load = useLoadWhen(Boolean(flash) || backOffice);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <HotToaster flash={flash} />
    </Suspense>
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
