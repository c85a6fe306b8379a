import { Form, Link } from "react-router";
import type { DeviceRow } from "~/domain/accounts/sessions.server";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";
import { LabeledInput } from "./fields";
import { RecoveryCodes, TotpSetup } from "./two-factor";

/** My Profile's security part: devices, API key, two-factor sign-in. */
export function ProfileSecurity({
  devices,
  twoFactor,
  setup,
  codes,
  busy,
}: {
  devices: DeviceRow[];
  twoFactor: { enabled: boolean; recoveryCodesLeft: number };
  setup: { secret: string; qr: string } | null;
  codes: string[] | null;
  busy: boolean;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <>
      <section className="admin-panel" aria-labelledby="devices-title">
        <h2 id="devices-title">Signed-in devices</h2>
        <ul className="device-list">
          {devices.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.userAgent || "Unknown browser"}</strong>
                {d.current ? " (this device)" : ""}
                <br />
                {d.address} · signed in {formatSiteDate(d.createdAt, timeZone)} · last used{" "}
                {formatSiteDate(d.lastSeenAt, timeZone)}
              </span>
              {d.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="session" value={d.id} />
                  <button type="submit" className="button button-secondary" disabled={busy}>
                    Sign out<span className="visually-hidden"> this device</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-others" />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Sign out everywhere else
          </button>
        </Form>
      </section>
      <section className="admin-panel" aria-labelledby="api-key-title">
        <h2 id="api-key-title">API key</h2>
        <p>
          Your key for the JSON API (read it with <code>POST /user/data</code>). A new key replaces
          the old one at once.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="rotate-key" />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Generate a new API key
          </button>
        </Form>
      </section>
      <section className="admin-panel" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">Two-factor sign-in</h2>
        {codes ? (
          <RecoveryCodes codes={codes} />
        ) : twoFactor.enabled ? (
          <>
            <p>
              On. {twoFactor.recoveryCodesLeft} recovery code
              {twoFactor.recoveryCodesLeft === 1 ? "" : "s"} left.
            </p>
            <Form method="post" className="admin-form" aria-label="Disable two-factor sign-in">
              <input type="hidden" name="intent" value="2fa-disable" />
              <AuthCodeField />
              <button type="submit" className="button button-secondary" disabled={busy}>
                Disable two-factor
              </button>
            </Form>
          </>
        ) : setup ? (
          <Form
            method="post"
            action="?mode=2fa"
            className="admin-form"
            aria-label="Enable two-factor sign-in"
          >
            <TotpSetup setup={setup} />
            <input type="hidden" name="intent" value="2fa-confirm" />
            <AuthCodeField numeric />
            <button type="submit" className="button button-primary" disabled={busy}>
              Turn on two-factor
            </button>
          </Form>
        ) : (
          <>
            <p>Off. Sign-in asks only for your password.</p>
            <Link to="?mode=2fa" className="button button-primary">
              Enable two-factor
            </Link>
          </>
        )}
      </section>
    </>
  );
}

/** A code from the authenticator app; `numeric` where a recovery code is not taken. */
function AuthCodeField({ numeric = false }: { numeric?: boolean }) {
  return (
    <LabeledInput
      label="Authentication code"
      name="code"
      autoComplete="one-time-code"
      inputMode={numeric ? "numeric" : undefined}
      maxLength={64}
      required
    />
  );
}
