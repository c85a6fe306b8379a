import { useId, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { generatePassword, passwordStrength } from "~/utils/password";

/**
 * A new-password input. Without JavaScript: a plain password input and the
 * rule. With it: a show/hide toggle, Generate password (12 characters with
 * upper, lower, digit and symbol, shuffled) and the strength (docs/behaviour.md §users).
 */
export function PasswordField({
  name,
  label,
  minLength,
  withGenerator = false,
  required = true,
}: {
  name: string;
  label: string;
  minLength: number;
  withGenerator?: boolean;
  /** Browser checks (required, minimum length); off where the server's messages must show. */
  required?: boolean;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const [value, setValue] = useState("");
  const [shown, setShown] = useState(false);
  const strength = passwordStrength(value);
  return (
    <div className="field password-field">
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          minLength={required ? minLength : undefined}
          maxLength={1024}
          required={required}
          value={hydrated ? value : undefined}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button-secondary"
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? "Hide" : "Show"}
          </button>
        ) : null}
        {hydrated && withGenerator ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setValue(generatePassword());
              setShown(true);
            }}
          >
            Generate password
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="hint">
        At least {minLength} characters. Strong: 8 or more with lowercase, uppercase, a digit and a
        symbol.
      </p>
      {hydrated && value ? (
        <p className={`strength strength-${strength.toLowerCase()}`} aria-live="polite">
          Strength: <strong>{strength}</strong>
        </p>
      ) : null}
    </div>
  );
}
