/**
 * What a rich-text field takes: shared by the field (rich-text-field.tsx)
 * and the editor chunk it loads lazily (lexical-editor.client.tsx), so
 * neither imports the other for it.
 */
export type RichTextFieldProps = {
  /** The form field that carries the HTML. */
  name: string;
  /** The visible label. */
  label: string;
  /** HTML to start from (an existing post or a re-rendered form). */
  defaultValue?: string;
  /** Where the image dialog's "Upload Image" stores files (the upload collections of docs/behaviour.md §media). */
  uploadCollection: "posts" | "newsletters";
  id?: string;
  /** Id of an element that describes the field (an error message). */
  describedBy?: string;
};
