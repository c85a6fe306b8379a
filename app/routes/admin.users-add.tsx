import { Form, useActionData, useNavigation } from "react-router";
import { EmailField, ImageField, NameField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { PasswordField } from "~/components/admin/password-field";
import { FormError } from "~/components/admin/toasts";
import { sendInvitation } from "~/domain/accounts/password-links.server";
import { isDomainError } from "~/domain/errors.server";
import { addUser, MIN_PASSWORD_LENGTH, ROLE_NAMES } from "~/domain/users/users.server";
import { generatePassword } from "~/utils/password";
import { adminUser } from "~/web/auth.server";
import { redirectSuccess, redirectWithFlash } from "~/web/flash.server";
import { formError, readForm, withStoredImages } from "~/web/forms.server";
import type { Route } from "./+types/admin.users-add";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Add User", "/admin/users/add");

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  // The role list comes from the server: #db/schema stays out of the browser bundle.
  return { minLength: MIN_PASSWORD_LENGTH, roles: [...ROLE_NAMES] };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request } = args;
  let fields: Record<string, string> = {};
  try {
    const form = await readForm(request, { files: ["photo"] });
    fields = form.fields;
    // An invitation: the account gets a random password nobody sees, and the
    // person chooses their own through the link (valid 7 days).
    const invite = fields.invite === "on";
    const password = invite ? generatePassword(24) : form.fields.password;
    const added = await withStoredImages(form, ["photo"], { collection: "users", actor }, (urls) =>
      addUser(actor, { ...form.fields, password, photo: urls.photo }),
    );
    if (invite) {
      try {
        await sendInvitation(actor, added.uid);
      } catch (error) {
        if (isDomainError(error)) throw error;
        console.error(
          "An invitation could not be sent:",
          error instanceof Error ? error.message : error,
        );
        return redirectWithFlash("/admin/users", {
          type: "error",
          message: "User added, but the invitation could not be sent. Try again from Edit User.",
        });
      }
      return redirectWithFlash("/admin/users", {
        type: "success",
        message: `User added; an invitation was sent to ${added.email}`,
      });
    }
  } catch (error) {
    return formError(error, { prefix: "Error adding user", values: fields });
  }
  return redirectSuccess("/admin/users", "User added successfully!");
}

export default function AddUser({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Add New User" />
      <FormError result={result} />
      <Form method="post" encType="multipart/form-data" className="admin-form admin-panel">
        <EmailField required autoComplete="off" defaultValue={result?.values.email} />
        <NameField required autoComplete="off" defaultValue={result?.values.name} />
        <PasswordField
          name="password"
          label="Password"
          minLength={loaderData.minLength}
          withGenerator
          required={false}
        />
        <label className="check">
          <input type="checkbox" name="invite" defaultChecked={result?.values.invite === "on"} />
          Send an invitation e-mail instead: they choose their own password (link valid 7 days)
        </label>
        <ImageField />
        <label htmlFor="role">Role</label>
        <select id="role" name="role" defaultValue={result?.values.role ?? "Subscriber"}>
          {loaderData.roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-primary" disabled={busy}>
          Add User
        </button>
      </Form>
    </>
  );
}
