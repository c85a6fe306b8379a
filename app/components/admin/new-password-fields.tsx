import { LabeledInput } from "~/components/admin/fields";
import { PasswordField } from "~/components/admin/password-field";

/** A new password and its confirmation (`password`, `confirmPassword`). */
export function NewPasswordFields({
  minLength,
  required = true,
  withGenerator = false,
}: {
  minLength: number;
  /** Browser checks; off where the server's messages must show. */
  required?: boolean;
  withGenerator?: boolean;
}) {
  return (
    <>
      <PasswordField
        name="password"
        label="New Password"
        minLength={minLength}
        required={required}
        withGenerator={withGenerator}
      />
      <LabeledInput
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        maxLength={1024}
        required={required}
      />
    </>
  );
}
