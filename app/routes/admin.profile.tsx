import type { ReactNode } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { Avatar } from "~/components/admin/avatar";
import { EmailField, ImageField, LabeledTextarea, NameField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { PageHeader } from "~/components/admin/page-header";
import { ProfileSecurity } from "~/components/admin/profile-security";
import { LogoutButton } from "~/components/admin/sidebar";
import { FormError } from "~/components/admin/toasts";
import { getAuthorFields, MAX_BIO_LENGTH } from "~/domain/users/authors.server";
import {
  changePassword,
  getUserProfile,
  MIN_PASSWORD_LENGTH,
  updateProfile,
} from "~/domain/users/users.server";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { getDb } from "~/platform/db.server";
import { formatSiteDate } from "~/utils/site-date";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, parseIntent, readForm, withStoredImages } from "~/web/forms.server";
import {
  SECURITY_INTENTS,
  securityAction,
  securityData,
} from "~/web/screens/profile-security.server";
import type { Route } from "./+types/admin.profile";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "My Profile", "/admin/users/profile");

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { apiKey: _hidden, ...rest } = getUserProfile(user.uid, user);
  const profile = { ...rest, ...getAuthorFields(getDb(), user.uid) };
  const mode = new URL(args.request.url).searchParams.get("mode");
  const security = await securityData(user, mode === "2fa");
  return { profile, minLength: MIN_PASSWORD_LENGTH, security, maxBio: MAX_BIO_LENGTH };
}

/** The page's two forms: name, email and photo; and the password. */
const ProfileIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("profile") }),
  z.object({ intent: z.literal("password") }),
  ...SECURITY_INTENTS.map((intent) => z.object({ intent: z.literal(intent) })),
]);

/**
 * Two forms (docs/behaviour.md §users Profile): intent "profile" (name, email, photo; the
 * default) and intent "password". Both act on the signed-in user's own account.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  let fields: Record<string, string> = {};
  let intent: z.output<typeof ProfileIntent>["intent"] | null = null;
  try {
    const form = await readForm(args.request, { files: ["photo"] });
    fields = form.fields;
    intent = parseIntent(form, ProfileIntent, "profile").intent;
    if (intent !== "profile" && intent !== "password") {
      await form.discard();
      const done = await securityAction(actor, intent, fields);
      if (done instanceof Response) return done;
      return { error: null, values: {} as Record<string, string>, intent, codes: done.codes };
    }
    if (intent === "password") {
      await form.discard();
      changePassword(actor, { ...fields, uid: actor.uid });
      return redirectWithFlash("/admin/users/profile", {
        type: "success",
        message: "Password updated successfully!",
      });
    }
    await withStoredImages(form, ["photo"], { collection: "users", actor }, (urls) =>
      updateProfile(actor, {
        uid: actor.uid,
        name: fields.name,
        email: fields.email,
        photo: urls.photo,
        bio: fields.bio,
        version: fields.version,
      }),
    );
  } catch (error) {
    return formError(error, { values: fields, intent });
  }
  return redirectWithFlash("/admin/users/profile", {
    type: "success",
    message: "User updated successfully!",
  });
}

/** The profile screen's two modes and the links that open them. */
const PROFILE_MODES = [
  { to: "?mode=edit", mode: "profile", label: "Edit Profile" },
  { to: "?mode=password", mode: "password", label: "Change Password" },
] as const;

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, minLength, security, maxBio } = loaderData;
  const timeZone = useSiteTimeZone();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const mode = result?.intent ?? (params.get("mode") === "edit" ? "profile" : params.get("mode"));
  const codes = result && "codes" in result ? (result.codes ?? null) : null;
  return (
    <>
      <PageHeader title="My Profile">
        <LogoutButton />
      </PageHeader>
      <section className="admin-panel profile-card" aria-label="Profile">
        <Avatar name={profile.name} photo={profile.photo} size={96} />
        <dl className="profile-facts">
          <dt>Name</dt>
          <dd>{profile.name}</dd>
          <dt>Role</dt>
          <dd>{profile.role}</dd>
          <dt>Email</dt>
          <dd>{profile.email}</dd>
          {profile.slug ? (
            <>
              <dt>Author page</dt>
              <dd>
                <Link to={`/author/${profile.slug}`}>/author/{profile.slug}</Link>
              </dd>
            </>
          ) : null}
          <dt>Joined</dt>
          <dd>
            <time dateTime={new Date(profile.createdAt).toISOString()}>
              {formatSiteDate(profile.createdAt, timeZone, { time: false })}
            </time>
          </dd>
        </dl>
        <nav className="profile-modes" aria-label="Profile actions">
          {PROFILE_MODES.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="button button-secondary"
              aria-current={mode === link.mode ? "page" : undefined}
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </section>
      <FormError result={result} />
      {mode === "profile" ? (
        <ModeForm
          action="?mode=edit"
          multipart
          titleId="edit-profile"
          title="Edit Profile"
          intent="profile"
          submit="Save Profile"
          busy={busy}
        >
          {/* The version stored now: a save over a newer one is refused (docs/behaviour.md §workflow). */}
          <input type="hidden" name="version" value={profile.version} />
          <NameField label="Full Name" defaultValue={result?.values.name ?? profile.name} />
          <EmailField defaultValue={result?.values.email ?? profile.email} />
          <LabeledTextarea
            label="Bio (shown on your author page)"
            id="bio"
            rows={4}
            maxLength={maxBio}
            defaultValue={result?.values.bio ?? profile.bio}
          />
          <ImageField />
        </ModeForm>
      ) : null}
      {mode === "password" ? (
        <ModeForm
          action="?mode=password"
          titleId="change-password"
          title="Change Password"
          intent="password"
          submit="Update Password"
          busy={busy}
        >
          <NewPasswordFields minLength={minLength} required={false} />
        </ModeForm>
      ) : null}
      <ProfileSecurity {...security} codes={codes} busy={busy} />
    </>
  );
}

/** One of the profile's two forms: its heading names it, its `intent` says which. */
function ModeForm({
  action,
  multipart,
  titleId,
  title,
  intent,
  submit,
  busy,
  children,
}: {
  action: string;
  multipart?: boolean;
  titleId: string;
  title: string;
  intent: string;
  submit: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      encType={multipart ? "multipart/form-data" : undefined}
      className="admin-form admin-panel"
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{title}</h2>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {submit}
        </button>
        <Link to="/admin/users/profile">Cancel</Link>
      </div>
    </Form>
  );
}
