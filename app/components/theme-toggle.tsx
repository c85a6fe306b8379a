import type { MouseEvent } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";

/**
 * A plain form post to /action/set-theme, so it works without JavaScript (the
 * action sets the cookie and redirects back). With JavaScript the click is
 * intercepted and remix-themes switches in place, without a navigation.
 *
 * The form holds both buttons ("to dark" and "to light") and the stylesheet
 * shows the one that leads away from the theme in force: the stored one
 * (data-theme) or, with none stored, the system's (prefers-color-scheme).
 * The markup never depends on the theme, because the server cannot know the
 * system preference: rendering one icon from it made the client's first
 * render differ (React #418) and made the no-JavaScript toggle post the
 * theme already shown (docs/decisions/141-theme-toggle-markup.md).
 */
/** The two buttons, in the order they stand: the theme each leads to and its icon. */
const TOGGLES = [
  { to: Theme.DARK, mode: "dark", Icon: MoonIcon },
  { to: Theme.LIGHT, mode: "light", Icon: SunIcon },
] as const;

export function ThemeToggle({ className = "" }: { className?: string }) {
  const [, setTheme] = useTheme();
  const location = useLocation();
  function onClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const button = event.currentTarget;
    const next = button.value === Theme.DARK ? Theme.DARK : Theme.LIGHT;
    flushSync(() => setTheme(next));
    // The clicked button is hidden now: keep keyboard focus on the one shown.
    const other = button.form?.querySelector<HTMLButtonElement>(
      `button[value="${next === Theme.DARK ? Theme.LIGHT : Theme.DARK}"]`,
    );
    other?.focus();
  }
  return (
    <form method="post" action="/action/set-theme" className={`theme-toggle-form ${className}`}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {TOGGLES.map(({ to, mode, Icon }) => (
        <button
          key={mode}
          type="submit"
          name="theme"
          value={to}
          onClick={onClick}
          className={`icon-button theme-toggle theme-toggle-to-${mode}`}
          aria-label={`Switch to ${mode} mode`}
          title={`Switch to ${mode} mode`}
        >
          <Icon />
        </button>
      ))}
    </form>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
      </g>
    </svg>
  );
}
