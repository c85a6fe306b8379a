import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { Avatar } from "~/components/admin/avatar";
import { EmailField, ImageField, NameField } from "~/components/admin/fields";
import { ScreenHead } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { rotateApiKey } from "~/domain/accounts/api-keys.server";
import { badRequest } from "~/domain/errors.server";
import {
  deactivateUser,
  deleteUserAccount,
  inviteUser,
  reactivateUser,
} from "~/domain/users/lifecycle.server";
import {
  getUserProfile,
  hasPassword,
  listUsers,
  ROLE_NAMES,
  replaceUserRecord,
} from "~/domain/users/users.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, parseIntent, readForm, withStoredImages } from "~/web/forms.server";
import type { Route } from "./+types/admin.users-edit";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, "Edit User", `/admin/users/edit/${params.uid}`);

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const { apiKey: _hidden, ...user } = getUserProfile(args.params.uid, actor);
  // Who may receive the posts of a deleted account: everyone else.
  const heirs = listUsers(actor)
    .users.filter((u) => u.uid !== user.uid)
    .map((u) => ({ uid: u.uid, name: u.name, role: u.role }));
  return {
    user,
    heirs,
    roles: [...ROLE_NAMES],
    self: actor.uid === user.uid,
    passwordSet: hasPassword(user.uid),
  };
}

const EditIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("rotate-key") }),
  z.object({ intent: z.literal("invite") }),
]);

/** Save (name, email, photo, role), Deactivate, Reactivate, Invite, Delete, New API key. */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const uid = args.params.uid;
  const here = `/admin/users/edit/${encodeURIComponent(uid)}`;
  let fields: Record<string, string> = {};
  let intent: z.output<typeof EditIntent>["intent"] | null = null;
  try {
    const form = await readForm(args.request, { files: ["photo"] });
    fields = form.fields;
    intent = parseIntent(form, EditIntent, "save").intent;
    if (intent !== "save") await form.discard();
    switch (intent) {
      case "deactivate":
        deactivateUser(actor, uid);
        return redirectWithFlash(here, { type: "success", message: "User deactivated" });
      case "reactivate":
        reactivateUser(actor, uid);
        return redirectWithFlash(here, { type: "success", message: "User reactivated" });
      case "delete":
        if (!fields.reassignTo) throw badRequest("Choose who receives their posts");
        deleteUserAccount(actor, { uid, reassignTo: fields.reassignTo });
        return redirectWithFlash("/admin/users", { type: "success", message: "User deleted" });
      case "invite":
        await inviteUser(actor, uid);
        return redirectWithFlash(here, { type: "success", message: "Invitation sent" });
      case "rotate-key":
        rotateApiKey(actor, uid);
        return redirectWithFlash(here, { type: "success", message: "A new API key was issued" });
      default:
        await withStoredImages(form, ["photo"], { collection: "users", actor }, (urls) =>
          replaceUserRecord(actor, uid, {
            name: fields.name,
            email: fields.email,
            ...(urls.photo ? { photo: urls.photo } : {}),
            ...(fields.role ? { role: fields.role } : {}),
            version: fields.version,
          }),
        );
        return redirectWithFlash(here, { type: "success", message: "User updated successfully!" });
    }
  } catch (error) {
    return formError(error, { values: fields, intent });
  }
}

export default function EditUser({ loaderData }: Route.ComponentProps) {
  const { user, heirs, roles, self, passwordSet } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const confirming = params.get("step") === "delete" || result?.intent === "delete";
  return (
    <>
      <ScreenHead
        title={`Edit User: ${user.name}`}
        to="/admin/users"
        link="All Users"
        primary={false}
        result={result}
      />
      <section className="admin-panel profile-card" aria-label="Account">
        <Avatar name={user.name} photo={user.photo} size={64} />
        <p>
          Status: <strong>{user.active ? "Active" : "Deactivated"}</strong>
        </p>
        {passwordSet ? null : (
          <p className="hint">
            Imported without a password: they can sign in once they accept an invitation. Send one
            below (it activates the account).
          </p>
        )}
      </section>
      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-form admin-panel"
        aria-labelledby="edit-user-title"
      >
        <h2 id="edit-user-title">Details</h2>
        <input type="hidden" name="intent" value="save" />
        {/* The version stored now: a save over a newer one is refused (docs/behaviour.md §workflow). */}
        <input type="hidden" name="version" value={user.version} />
        <NameField required defaultValue={result?.values.name ?? user.name} />
        <EmailField required defaultValue={result?.values.email ?? user.email} />
        <ImageField />
        <label htmlFor="role">Role</label>
        <select
          id="role"
          name="role"
          defaultValue={result?.values.role ?? user.role}
          disabled={self}
          aria-describedby={self ? "role-self" : undefined}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        {self ? (
          <p id="role-self" className="hint">
            You cannot change your own role.
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Save User
          </button>
        </div>
      </Form>
      {self ? null : (
        <section className="admin-panel" aria-labelledby="account-title">
          <h2 id="account-title">Account</h2>
          <div className="form-actions">
            <Form method="post">
              <input
                type="hidden"
                name="intent"
                value={user.active ? "deactivate" : "reactivate"}
              />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {user.active ? "Deactivate" : "Reactivate"}
              </button>
            </Form>
            {user.active || !passwordSet ? (
              <Form method="post">
                <input type="hidden" name="intent" value="invite" />
                <button type="submit" className="button button-secondary" disabled={busy}>
                  Send an invitation
                </button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="rotate-key" />
              <button type="submit" className="button button-secondary" disabled={busy}>
                Generate a new API key
              </button>
            </Form>
            {confirming ? null : (
              <Link to="?step=delete" className="button button-danger">
                Delete…
              </Link>
            )}
          </div>
          {confirming ? (
            <Form method="post" className="admin-form" aria-labelledby="delete-title">
              <h3 id="delete-title">Delete {user.name}?</h3>
              <input type="hidden" name="intent" value="delete" />
              <label htmlFor="reassignTo">Give their posts and media to</label>
              <select id="reassignTo" name="reassignTo" required defaultValue="">
                <option value="" disabled>
                  Choose a user
                </option>
                {heirs.map((h) => (
                  <option key={h.uid} value={h.uid}>
                    {h.name} ({h.role})
                  </option>
                ))}
              </select>
              <div className="form-actions">
                <button type="submit" className="button button-danger" disabled={busy}>
                  Delete User
                </button>
                <Link to=".">Cancel</Link>
              </div>
            </Form>
          ) : null}
        </section>
      )}
    </>
  );
}
