import { useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { ScreenHead } from "~/components/admin/list-page";
import { ACTIONS_COLUMN, ListTable, numColumn } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { GuestForm, type GuestFormFailure, GuestRowView } from "~/components/bylines/guest-form";
import {
  createGuest,
  deleteGuest,
  findGuest,
  listGuests,
  updateGuest,
} from "~/domain/bylines/guests.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, type PostedForm, parseIntent, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.contributors";

const PATH = "/admin/contributors";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Contributors", PATH);

const idOf = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : 0);

/**
 * Contributors (docs/behaviour.md §bylines, In the back office): guest contributors for
 * Editors and Administrators; `?edit=ID` fills the form, `?delete=ID` asks before deleting.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const db = getDb();
  const query = new URL(args.request.url).searchParams;
  const find = (key: string) =>
    query.has(key) ? (findGuest(db, actor, idOf(query.get(key))) ?? null) : null;
  return { guests: listGuests(db, actor), editing: find("edit"), deleting: find("delete") };
}

const text = z.string().optional();
const GuestIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: text, bio: text, photo: text, url: text }),
  z.object({
    intent: z.literal("update"),
    id: text,
    name: text,
    bio: text,
    photo: text,
    url: text,
    version: text,
  }),
  z.object({ intent: z.literal("delete"), id: text }),
]);
const VERB = {
  add: ["adding", "added"],
  update: ["updating", "updated"],
  delete: ["deleting", "deleted"],
};

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const db = getDb();
  let form: PostedForm | undefined;
  let intent: keyof typeof VERB = "add";
  try {
    form = await readForm(args.request);
    const input = parseIntent(form, GuestIntent, "add");
    intent = input.intent;
    if (input.intent === "delete") deleteGuest(db, actor, idOf(input.id ?? null));
    else if (input.intent === "add") createGuest(db, actor, input);
    else updateGuest(db, actor, idOf(input.id ?? null), input);
  } catch (error) {
    const f = form?.fields ?? {};
    return formError(error, {
      prefix: `Error ${VERB[intent][0]} contributor`,
      intent,
      values: {
        id: f.id ?? "",
        name: f.name ?? "",
        bio: f.bio ?? "",
        photo: f.photo ?? "",
        url: f.url ?? "",
      },
    });
  }
  return redirectWithFlash(PATH, {
    type: "success",
    message: `Contributor ${VERB[intent][1]} successfully!`,
  });
}

export default function Contributors({ loaderData, actionData }: Route.ComponentProps) {
  const { guests, editing, deleting } = loaderData;
  const result = actionData as GuestFormFailure | undefined;
  const busy = useNavigation().state === "submitting";
  const failedEdit = result?.intent === "update" ? result : undefined;
  const formKey = `${useLocation().key}:${editing?.id ?? failedEdit?.values.id ?? "new"}`;
  return (
    <>
      <ScreenHead
        title="Contributors"
        to={PATH}
        link="Add New Contributor"
        result={result ?? null}
      />
      <p className="hint">
        Guest contributors are people credited in bylines who have no account and cannot sign in.
        Staff appear in bylines through their own accounts.
      </p>
      {deleting && result?.intent !== "delete" ? (
        <ConfirmDelete
          title="Delete contributor?"
          action={PATH}
          cancelTo={PATH}
          fields={{ intent: "delete", id: deleting.id }}
          buttonLabel={`Delete ${deleting.name}`}
        >
          Are you sure you want to delete <strong>{deleting.name}</strong>?{" "}
          {deleting.posts > 0
            ? `The ${deleting.posts} post${deleting.posts === 1 ? "" : "s"} crediting them keep${deleting.posts === 1 ? "s" : ""} their name in the byline, no longer linked.`
            : "No post credits them."}{" "}
          This cannot be undone.
        </ConfirmDelete>
      ) : null}
      <div className="taxonomy-layout">
        <GuestForm
          key={formKey}
          path={PATH}
          editing={editing}
          failed={result?.intent === "delete" ? undefined : result}
          busy={busy}
        />
        <ListTable
          label="All contributors"
          caption="Guest contributors"
          columns={["Name", "Slug", numColumn("Posts"), ACTIONS_COLUMN]}
          emptyRow={guests.length === 0 ? "No guest contributors yet." : null}
        >
          {guests.map((guest) => (
            <GuestRowView
              key={guest.id}
              guest={guest}
              path={PATH}
              current={guest.id === editing?.id}
            />
          ))}
        </ListTable>
      </div>
    </>
  );
}
