import { type ReactNode, useId } from "react";
import { CheckField, Help } from "~/components/admin/fields";

/** One settings checkbox with the help line that says what it does. */
export function FlagField({
  name,
  label,
  help,
  checked,
  locked,
}: {
  name: string;
  label: string;
  help: string;
  checked: boolean;
  /** Shown as always on: checked, disabled, and not sent (the server keeps it on). */
  locked?: boolean;
}) {
  const id = useId();
  return (
    <div className="settings-flag">
      <CheckField
        label={label}
        name={locked ? undefined : name}
        defaultChecked={locked ? true : checked}
        disabled={locked}
        aria-describedby={`${id}-help`}
      />
      <Help id={id}>{help}</Help>
    </div>
  );
}

export type FlagSpec<Name extends string> = {
  name: Name;
  label: string;
  help: string;
  locked?: boolean;
};

/**
 * The attributes that tie a field to one stored setting: its name (and id) and the stored value.
 */
export const settingOf =
  <S extends Record<string, unknown>>(values: S) =>
  <K extends keyof S & string>(name: K) => ({ id: name, name, defaultValue: values[name] });

/** A titled group of settings fields. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="admin-panel settings-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A titled group of checkboxes, then any other fields. */
export function FlagSection<Name extends string>({
  title,
  flags,
  values,
  children,
}: {
  title: string;
  flags: FlagSpec<Name>[];
  values: Record<Name, boolean>;
  children?: ReactNode;
}) {
  return (
    <SettingsSection title={title}>
      {flags.map((f) => (
        <FlagField
          key={f.name}
          name={f.name}
          label={f.label}
          help={f.help}
          checked={values[f.name]}
          locked={f.locked}
        />
      ))}
      {children}
    </SettingsSection>
  );
}
