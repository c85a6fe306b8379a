import { Form, Link } from "react-router";
import { LabeledInput, LabeledTextarea, NumberField } from "~/components/admin/fields";
import { FormError } from "~/components/admin/toasts";
import { RichTextField } from "~/components/editor/rich-text-field";

export type PageFormValues = {
  title: string;
  slug: string;
  summary: string;
  content: string;
  status: string;
  nav: string;
  navOrder: number | string;
};

/**
 * Add Page and Edit Page (docs/behaviour.md §pages): the post editor for the
 * content, the slug, the meta description and the navigation; Save Draft or
 * Publish. A plain form post without JavaScript.
 */
export function PageForm({
  values,
  result,
  publicPath,
  siteAdds,
}: {
  values: PageFormValues;
  result?: { error?: string | null; values?: Record<string, string> } | null;
  publicPath?: string | null;
  /**
   * One of the site's own pages (Reach Out, the policies): what the site adds
   * after the content. Their address, status and links are fixed.
   */
  siteAdds?: string | null;
}) {
  const v = { ...values, ...(result?.values ?? {}) };
  return (
    <>
      <FormError result={result ?? undefined} />
      <Form method="post" className="admin-form admin-panel">
        <LabeledInput
          label="Title"
          type="text"
          name="title"
          defaultValue={v.title}
          maxLength={200}
          required
        />
        {siteAdds ? (
          <p className="hint">
            One of the site's own pages: its address stays /{values.slug}, it stays published and
            the site links it. After the content the site adds {siteAdds}.
          </p>
        ) : (
          <>
            <LabeledInput
              label="Slug"
              type="text"
              name="slug"
              defaultValue={v.slug}
              maxLength={100}
              pattern="[a-z0-9\-]*"
              aria-describedby="slug-hint"
            />
            <p id="slug-hint" className="hint">
              The page's address, /slug: lowercase letters, digits and hyphens; empty makes it from
              the title.
            </p>
          </>
        )}
        {publicPath ? (
          <p className="hint">
            Published at <Link to={publicPath}>{publicPath}</Link>
          </p>
        ) : null}
        <LabeledTextarea
          id="summary"
          label="Meta Description"
          defaultValue={v.summary}
          maxLength={300}
          rows={2}
        />
        <RichTextField
          name="content"
          label="Content"
          defaultValue={v.content}
          uploadCollection="posts"
        />
        {siteAdds ? null : (
          <fieldset className="admin-panel">
            <legend>Navigation</legend>
            <label htmlFor="page-nav">Link this page in</label>
            <select id="page-nav" name="nav" defaultValue={v.nav}>
              <option value="none">Nowhere</option>
              <option value="header">The header</option>
              <option value="footer">The footer</option>
            </select>
            <NumberField
              label="Order (smaller first)"
              name="navOrder"
              min={0}
              max={999}
              defaultValue={v.navOrder}
            />
          </fieldset>
        )}
        <div className="form-actions">
          {siteAdds ? (
            <button type="submit" name="status" value="published" className="button button-primary">
              Update Page
            </button>
          ) : (
            <>
              <button type="submit" name="status" value="draft" className="button button-secondary">
                Save Draft
              </button>
              <button
                type="submit"
                name="status"
                value="published"
                className="button button-primary"
              >
                Publish Page
              </button>
            </>
          )}
        </div>
      </Form>
    </>
  );
}
