import type { FormEvent } from "react";
import { useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";

/**
 * A plain form post to /action/set-theme, so it works without JavaScript
 * (the action sets the cookie and redirects back). With JavaScript the submit
 * is intercepted and remix-themes switches in place, without a navigation.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const location = useLocation();
  const next = theme === Theme.DARK ? Theme.LIGHT : Theme.DARK;
  const label = next === Theme.DARK ? "Switch to dark mode" : "Switch to light mode";
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTheme(next);
  }
  return (
    <form method="post" action="/action/set-theme" onSubmit={onSubmit} className={className}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="icon-button theme-toggle" aria-label={label} title={label}>
        {next === Theme.DARK ? <MoonIcon /> : <SunIcon />}
      </button>
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
