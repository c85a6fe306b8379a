/** The pieces of two-factor enrolment: the QR code with its key, and the recovery codes. */
export function TotpSetup({ setup }: { setup: { secret: string; qr: string } }) {
  return (
    <div className="totp-setup">
      <p>Scan this QR code with an authenticator app, then enter the 6-digit code it shows.</p>
      <img src={setup.qr} alt="QR code for your authenticator app" width={200} height={200} />
      <p>
        Can't scan? Enter this key: <code className="totp-key">{setup.secret}</code>
      </p>
    </div>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="recovery-codes">
      <p>
        Keep these recovery codes somewhere safe. Each works once, in place of a code from your app.
        They are shown only now.
      </p>
      <ul aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
