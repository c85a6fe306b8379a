/**
 * Add Page's and Edit Page's action: the posted form → `savePage`; success
 * redirects to the page's edit screen with the message, a refusal shows the
 * form again with what was typed (docs/behaviour.md §pages).
 */
import type { SessionUser } from "~/domain/access/actor.server";
import { savePage } from "~/domain/pages/pages.server";
import { isSitePage } from "~/domain/pages/vocabulary";
import { getDb } from "~/platform/db.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm } from "~/web/forms.server";

const FIELDS = ["title", "slug", "summary", "content", "status", "nav", "navOrder"] as const;

export async function pageFormAction(actor: SessionUser, request: Request, id?: number) {
  let values: Record<string, string> = {};
  try {
    const form = await readForm(request, { maxFieldBytes: 4 * 1024 * 1024 });
    values = Object.fromEntries(FIELDS.map((k) => [k, form.fields[k] ?? ""]));
    // The site's own pages have no Navigation fields: nowhere, as they must be.
    const input = { ...values, nav: values.nav || "none", navOrder: values.navOrder || 0 };
    const page = savePage(actor, getDb(), input, id);
    return redirectWithFlash(`/admin/pages/edit/${page.id}`, {
      type: "success",
      message: isSitePage(page.slug)
        ? "Page updated"
        : page.status === "published"
          ? "Page published"
          : "Draft saved",
    });
  } catch (error) {
    return formError(error, { prefix: "Error saving page", values });
  }
}
