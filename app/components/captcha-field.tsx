import type {} from "altcha/types/react";
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";

/** What the widget is told beyond its attributes: no attribution link to another site. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: false });

/**
 * The CAPTCHA of a form (Settings › Enable CAPTCHA): the self-hosted ALTCHA
 * widget, which solves a small proof-of-work challenge from
 * `/get/captcha-challenge` in the browser and adds its answer as the `altcha`
 * field. It needs JavaScript, so it appears only once the page has loaded;
 * without JavaScript the server takes the form on other terms
 * (app/domain/subscribers/signup.server.ts). `force` shows it whatever the
 * setting says (the sign-in asks for it after a failed attempt).
 */
export function CaptchaField({ force }: { force?: boolean } = {}) {
  const root = useRouteLoaderData("root") as { site?: { captcha?: boolean } } | undefined;
  const wanted = force ?? root?.site?.captcha === true;
  const [ready, setReady] = useState(false);
  // The widget starts solving when its form gets focus; a reader who was
  // already typing in the form before the widget loaded gives it no new focus,
  // so it then starts at once.
  const [auto, setAuto] = useState<"onfocus" | "onload">("onfocus");
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import("altcha").then(() => {
      if (!live) return;
      const form = place.current?.closest("form");
      if (form?.contains(document.activeElement)) setAuto("onload");
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <div className="captcha-field" ref={place} hidden={!ready}>
      {ready ? (
        <altcha-widget
          challenge="/get/captcha-challenge"
          name="altcha"
          auto={auto}
          configuration={WIDGET_CONFIGURATION}
        />
      ) : null}
    </div>
  );
}
