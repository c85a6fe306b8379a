/**
 * The Categories and Tags screens (SPEC §2, §5, §8): one loader and one
 * action, parameterised by kind, behind two thin route modules. The domain
 * (app/domain/taxonomy/taxonomy.server.ts) checks the role, validates, derives the slug and
 * refuses duplicates (409) and a category that still has posts (409).
 *
 * Without JavaScript: Edit is a link `?edit=<slug>` that fills the form,
 * Cancel a link back; Delete is a link `?delete=<slug>` that shows a confirm
 * step whose button posts the delete.
 */
import { data } from "react-router";
import type { SessionUser } from "~/domain/access/actor.server";
import { badRequest, isDomainError } from "~/domain/errors.server";
import {
  createCategory,
  createTag,
  deleteCategory,
  deleteTag,
  getCategoryBySlug,
  getTagBySlug,
  listCategories,
  listTags,
  updateCategory,
  updateTag,
} from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { requireCapability } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readFormBody } from "~/web/form-body.server";

export type TaxonomyKind = "category" | "tag";

export type TaxonomyRow = { uid: string; name: string; slug: string; description: string };

const SCREENS = {
  category: {
    path: "/admin/posts/categories",
    noun: "Category",
    list: listCategories,
    bySlug: getCategoryBySlug,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  },
  tag: {
    path: "/admin/posts/tags",
    noun: "Tag",
    list: listTags,
    bySlug: getTagBySlug,
    create: createTag,
    update: updateTag,
    remove: deleteTag,
  },
} as const;

const row = (r: TaxonomyRow): TaxonomyRow => ({
  uid: r.uid,
  name: r.name,
  slug: r.slug,
  description: r.description,
});

/** The list, plus the record being edited (`?edit=`) or confirmed for deletion (`?delete=`). */
export async function taxonomyLoader(kind: TaxonomyKind, request: Request) {
  await requireCapability(request, "manageTaxonomy");
  const screen = SCREENS[kind];
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const find = (slug: string | null) => {
    if (!slug) return null;
    const found = screen.bySlug(db, slug);
    return found ? row(found) : null;
  };
  return {
    kind,
    path: screen.path,
    items: screen.list(db).map(row),
    editing: find(params.get("edit")),
    deleting: find(params.get("delete")),
  };
}

type Intent = "add" | "update" | "delete";

/** What a refused post renders with: the message and the values to put back. */
export type TaxonomyFailure = {
  error: string;
  intent: Intent;
  values: { uid: string; name: string; description: string };
};
const ERROR_VERB: Record<Intent, string> = {
  add: "adding",
  update: "updating",
  delete: "deleting",
};
const DONE_VERB: Record<Intent, string> = { add: "added", update: "updated", delete: "deleted" };

function run(
  kind: TaxonomyKind,
  actor: SessionUser,
  intent: Intent,
  fields: Record<string, string>,
) {
  const screen = SCREENS[kind];
  const input = { name: fields.name, description: fields.description };
  switch (intent) {
    case "add":
      return screen.create(actor, input);
    case "update":
      return screen.update(actor, fields.uid ?? "", input);
    case "delete":
      return screen.remove(actor, fields.uid ?? "");
  }
}

/**
 * Add, update or delete (field `intent`), then back to the list with the
 * SPEC §8 message; a refusal re-renders the form with "Error adding
 * category: <reason>" and the domain's status (400, 403, 404, 409).
 */
export async function taxonomyAction(kind: TaxonomyKind, request: Request) {
  const actor = await requireCapability(request, "manageTaxonomy");
  const screen = SCREENS[kind];
  const noun = screen.noun;
  let intent: Intent = "add";
  const fields: Record<string, string> = {};
  try {
    const body = await readFormBody(request);
    for (const [key, value] of body) {
      if (typeof value === "string" && !(key in fields)) fields[key] = value;
    }
    const posted = fields.intent ?? "add";
    if (posted !== "add" && posted !== "update" && posted !== "delete") {
      throw badRequest("Unknown action");
    }
    intent = posted;
    run(kind, actor, intent, fields);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const failure: TaxonomyFailure = {
      error: `Error ${ERROR_VERB[intent]} ${noun.toLowerCase()}: ${error.message}`,
      intent,
      values: {
        uid: fields.uid ?? "",
        name: fields.name ?? "",
        description: fields.description ?? "",
      },
    };
    return data(failure, { status: error.status });
  }
  return redirectWithFlash(screen.path, {
    type: "success",
    message: `${noun} ${DONE_VERB[intent]} successfully!`,
  });
}
