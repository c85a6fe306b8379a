/**
 * The Categories and Tags screens (docs/behaviour.md §taxonomy): one loader and one
 * action, parameterised by kind, behind two thin route modules. The domain
 * (app/domain/taxonomy/taxonomy.server.ts) checks the role, validates, derives the slug and
 * refuses duplicates (409) and a category that still has posts (409).
 *
 * Without JavaScript: Edit is a link `?edit=<slug>` that fills the form,
 * Cancel a link back; Delete is a link `?delete=<slug>` that shows a confirm
 * step whose button posts the delete.
 */
import { z } from "zod";
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
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, type PostedForm, parseIntent, readForm } from "~/web/forms.server";

export type TaxonomyKind = "category" | "tag";

export type TaxonomyRow = {
  uid: string;
  name: string;
  slug: string;
  description: string;
  /** What the Edit form sends back: a newer stored version refuses the save (409). */
  version: number;
};

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
  version: r.version,
});

/** The list, plus the record being edited (`?edit=`) or confirmed for deletion (`?delete=`). */
export async function taxonomyLoader(kind: TaxonomyKind, args: AdminArgs) {
  await adminUser(args);
  const { request } = args;
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

/** What a loader or action of an admin screen is given. */
type AdminArgs = Parameters<typeof adminUser>[0];

const text = z.string().optional();
/** The screen's forms: the add/edit form and the confirmed Delete. */
const TaxonomyIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: text, description: text }),
  z.object({
    intent: z.literal("update"),
    uid: text,
    name: text,
    description: text,
    version: text,
  }),
  z.object({ intent: z.literal("delete"), uid: text }),
]);
type Intent = z.output<typeof TaxonomyIntent>["intent"];

/** What a refused post renders with: the message and the values to put back. */
export type TaxonomyFailure = {
  error: string;
  intent: string | null;
  values: { uid: string; name: string; description: string };
};

const ERROR_VERB: Record<Intent, string> = {
  add: "adding",
  update: "updating",
  delete: "deleting",
};
const DONE_VERB: Record<Intent, string> = { add: "added", update: "updated", delete: "deleted" };

/**
 * Add, update or delete (field `intent`, "add" when absent), then back to the
 * list with the docs/behaviour.md §taxonomy message; a refusal re-renders the form with "Error
 * adding category: <reason>" and the domain's status (400, 403, 404, 409).
 */
export async function taxonomyAction(kind: TaxonomyKind, args: AdminArgs) {
  const actor = await adminUser(args);
  const screen = SCREENS[kind];
  const noun = screen.noun;
  let form: PostedForm | undefined;
  let intent: Intent = "add";
  try {
    form = await readForm(args.request);
    const input = parseIntent(form, TaxonomyIntent, "add");
    intent = input.intent;
    if (input.intent === "delete") screen.remove(actor, input.uid ?? "");
    else {
      const fields = { name: input.name, description: input.description };
      if (input.intent === "add") screen.create(actor, fields);
      else screen.update(actor, input.uid ?? "", { ...fields, version: input.version });
    }
  } catch (error) {
    const fields = form?.fields ?? {};
    return formError(error, {
      prefix: `Error ${ERROR_VERB[intent]} ${noun.toLowerCase()}`,
      intent,
      values: {
        uid: fields.uid ?? "",
        name: fields.name ?? "",
        description: fields.description ?? "",
      },
    });
  }
  return redirectWithFlash(screen.path, {
    type: "success",
    message: `${noun} ${DONE_VERB[intent]} successfully!`,
  });
}
