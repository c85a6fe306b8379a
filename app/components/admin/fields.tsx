import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/**
 * The help line under a field (`{id}-help`), which the field names with aria-describedby: what
 * the value does, in one or two sentences.
 */
export function Help({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-help`} className="hint">
      {children}
    </p>
  );
}

/** A field's label and, when given, its help line (`{id or name}-help`). */
type Labelled = { label: ReactNode; help?: ReactNode };

const helpId = (help: ReactNode, key: string | undefined) =>
  help != null && key ? `${key}-help` : undefined;

/** A form field as the admin forms write it: the label's text, then the input inside the label. */
export function LabeledInput({
  label,
  help,
  ...input
}: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  const key = input.id ?? input.name;
  const described = helpId(help, key);
  return (
    <>
      <label>
        {label}
        <input aria-describedby={described} {...input} />
      </label>
      {described && key ? <Help id={key}>{help}</Help> : null}
    </>
  );
}

/** A checkbox inside its label (the control, then the label's text). */
export function CheckField({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <label className="check">
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & Partial<Labelled>;

/** The image types an upload field offers. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/avif";

/** An email address field (254 characters at most). */
export function EmailField({ label = "Email", name = "email", ...input }: FieldProps) {
  return <LabeledInput label={label} type="email" name={name} maxLength={254} {...input} />;
}

/** A person's name field (100 characters at most). */
export function NameField({ label = "Name", name = "name", ...input }: FieldProps) {
  return <LabeledInput label={label} type="text" name={name} maxLength={100} {...input} />;
}

/** An image upload field. */
export function ImageField({ label = "Photo", name = "photo", ...input }: FieldProps) {
  return <LabeledInput label={label} type="file" name={name} accept={IMAGE_ACCEPT} {...input} />;
}

/** A whole-number field (`step` 1). */
export function NumberField({ label, ...input }: FieldProps & { label: ReactNode }) {
  return <LabeledInput label={label} type="number" step={1} {...input} />;
}

/** A textarea with its label before it (the label names it by `id`, which is also its name). */
export function LabeledTextarea({
  id,
  label,
  help,
  ...textarea
}: { id: string } & Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const described = helpId(help, id);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={id} aria-describedby={described} {...textarea} />
      {described ? <Help id={id}>{help}</Help> : null}
    </>
  );
}

/** A choice: a value and the text shown for it (a plain string is both). */
export type Choice = string | { value: string | number; label: string };

/**
 * A select after its label (the label names it by `id`; a select inside its label would take its
 * options' text into the label's), its help line under it; `id` is
 * also its name unless `name` says otherwise.
 */
export function LabeledSelect({
  id,
  label,
  help,
  choices,
  ...select
}: { id: string; choices: readonly Choice[] } & Labelled &
  SelectHTMLAttributes<HTMLSelectElement>) {
  const described = helpId(help, id);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} aria-describedby={described} {...select}>
        {choices.map((c) => {
          const { value, label: text } = typeof c === "string" ? { value: c, label: c } : c;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {described ? <Help id={id}>{help}</Help> : null}
    </div>
  );
}
