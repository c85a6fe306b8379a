import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

/** A form field as the admin forms write it: the label's text, then the input inside the label. */
export function LabeledInput({
  label,
  ...input
}: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input {...input} />
    </label>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label?: ReactNode };

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

/** A textarea with its label before it (the label names it by `id`, which is also its name). */
export function LabeledTextarea({
  id,
  label,
  ...textarea
}: { id: string; label: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={id} {...textarea} />
    </>
  );
}
