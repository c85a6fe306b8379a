import { useEffect } from "react";
import toast from "react-hot-toast";
import { Form, useActionData, useNavigation } from "react-router";
import {
  ImageField,
  LabeledInput,
  LabeledSelect,
  LabeledTextarea,
  NumberField,
} from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { LogoutButton } from "~/components/admin/sidebar";
import { FormError } from "~/components/admin/toasts";
import { BackupsSection } from "~/components/settings/backups-section";
import { CommentSettings } from "~/components/settings/comment-settings";
import { EmbedsSection } from "~/components/settings/embeds-section";
import { FediverseSection } from "~/components/settings/fediverse-section";
import {
  FlagSection,
  type FlagSpec,
  SettingsSection,
  settingOf,
} from "~/components/settings/flag-field";
import { HomeSection } from "~/components/settings/home-section";
import { IdentitySection } from "~/components/settings/identity-section";
import { MailDnsRecords } from "~/components/settings/mail-dns";
import { MembersSection } from "~/components/settings/members-section";
import { PerformanceSection } from "~/components/settings/performance-section";
import { SubscribersSection } from "~/components/settings/subscribers-section";
import { WebmentionSection } from "~/components/settings/webmention-section";
import { listBackups } from "~/domain/backups/backup.server";
import { mailDnsRecords } from "~/domain/newsletters/dkim.server";
import { homeSectionChoices } from "~/domain/posts/home-sections.server";
import {
  getSettings,
  type SettingsFlag,
  settingsFromForm,
  updateSettings,
} from "~/domain/site/settings.server";
import { listCategories } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm, uploadName, withStoredImages } from "~/web/forms.server";
import type { Route } from "./+types/admin.settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Settings", "/admin/settings");

/** Every IANA zone this server knows, "UTC" first, and the stored one even if unknown. */
function timeZoneChoices(current: string): string[] {
  const zones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
  return zones.includes(current) ? zones : [current, ...zones];
}

const fileName = (url: string | null) =>
  url ? (uploadName(url) ?? url.split("/").pop() ?? url) : null;

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  const db = getDb();
  const { uid: _uid, id: _id, updatedAt: _updatedAt, ...settings } = getSettings(db);
  return {
    settings,
    logoName: fileName(settings.logo),
    faviconName: fileName(settings.favicon),
    categories: listCategories(db).map((c) => c.name),
    categoryChoices: listCategories(db).map((c) => ({ id: c.id, name: c.name })),
    homeCurrent: Object.fromEntries(
      Object.values(homeSectionChoices(db)).map((c) => [c.key, c.category?.id ?? null]),
    ),
    timeZones: timeZoneChoices(settings.timeZone),
    backups: listBackups(),
    mail: mailDnsRecords(readEnv()),
    fediverseHost: new URL(readEnv().publicUrl).host,
  };
}

/** Save Settings: every field, plus the logo and favicon when a file is chosen. */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request } = args;
  let typed: Record<string, string> = {};
  try {
    const form = await readForm(request, { files: ["logo", "favicon"] });
    typed = form.fields;
    await withStoredImages(form, ["logo", "favicon"], { collection: "settings", actor }, (urls) =>
      updateSettings(actor, {
        ...settingsFromForm(form.fields),
        ...urls,
        version: form.fields.version,
      }),
    );
  } catch (error) {
    // What was typed is shown again (a refused stale save included); files are chosen again.
    return formError(error, { prefix: "Error updating settings", values: typed });
  }
  return redirectWithFlash("/admin/settings", {
    type: "success",
    message: "Settings updated successfully",
  });
}

type Flag = FlagSpec<SettingsFlag>;

const COMMENT_FLAGS: Flag[] = [
  {
    name: "enableCommentModeration",
    label: "Enable Comment Moderation",
    help: "New reader comments wait for approval in Comments before they appear; off, they appear at once.",
  },
  {
    name: "enableSpamFilters",
    label: "Enable Spam Filters",
    help: "Comments with too many links, a disallowed word, a filled trap field or sent too fast from one address go to Spam.",
  },
  {
    name: "autoApproveComments",
    label: "Auto-approve Comments",
    help: "With moderation on, a commenter who already has an approved comment is approved at once.",
  },
];

const NOTIFICATION_FLAGS: Flag[] = [
  {
    name: "enableAdminAlerts",
    label: "Enable Admin Alerts",
    help: "Lists for Administrators what needs them (a post submitted for review, a newsletter partly sent or failed, a sign-in lockout, a finished import) on the Dashboard, with a count in the sidebar.",
  },
  {
    name: "enableUserNotifications",
    label: "Enable User Notifications",
    help: "E-mails staff about posts: one submitted for review goes to Editors (and Administrators); one approved, sent back to draft (with the note) or gone live as scheduled goes to its author, and so does each comment on it (once; not their own).",
  },
  {
    name: "enableEmailAlerts",
    label: "Enable Email Alerts",
    help: "E-mails the same alerts to every Administrator: one message per event, or one digest for what comes after 10 within 10 minutes.",
  },
];

const SECURITY_FLAGS: Flag[] = [
  {
    name: "enableRateLimiting",
    label: "Enable Rate Limiting",
    help: "Repeated failed sign-ins for one account or from one address must wait before trying again.",
  },
  {
    name: "enableCsrfProtection",
    label: "Enable CSRF Protection",
    help: "Always on: every form and call from another site is refused, and this cannot be turned off.",
    locked: true,
  },
  {
    name: "enableCaptcha",
    label: "Enable CAPTCHA",
    help: "Applies to the newsletter forms and to staff sign-in after a failed attempt: a small check solved in the browser, served by this site. Readers without JavaScript confirm by e-mail instead.",
  },
  {
    name: "enable2FA",
    label: "Enable Two-Factor Authentication (2FA)",
    help: "Every staff account must sign in with a one-time code from an authenticator app after its password; an account without two-factor sign-in sets it up right then and can open nothing else until done. Off, each person chooses in My Profile.",
  },
];

/**
 * The stored settings with what a refused save typed laid over them (an
 * unticked box was sent as nothing: off), so nothing typed is lost.
 */
function withTyped<T extends Record<string, unknown>>(
  stored: T,
  typed?: Record<string, string>,
): T {
  if (!typed || Object.keys(typed).length === 0) return stored;
  const shown: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(stored)) {
    if (typeof value === "boolean") shown[key] = typed[key] === "on" || typed[key] === "true";
    else if (key in typed && key !== "version") shown[key] = typed[key];
  }
  return shown as T;
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { logoName, faviconName, categories, timeZones, categoryChoices, homeCurrent } = loaderData;
  const result = useActionData<typeof action>();
  const settings = withTyped(loaderData.settings, result?.values);
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/settings") === true;
  // docs/behaviour.md §site: "Updating settings..." while saving; the result replaces it.
  useEffect(() => {
    if (saving) toast.loading("Updating settings...", { id: "settings-save" });
    else toast.dismiss("settings-save");
  }, [saving]);

  const categoryOptions = categories.includes(settings.defaultCategory)
    ? categories
    : [settings.defaultCategory, ...categories];
  if (!categoryOptions.includes("Freshly Pressed")) categoryOptions.unshift("Freshly Pressed");

  const setting = settingOf(settings);
  return (
    <>
      <PageHeader title="Settings" />
      <FormError result={result} />
      <Form method="post" encType="multipart/form-data" className="admin-form settings-form">
        {/* The version stored now (docs/behaviour.md §workflow): a save over a newer one is refused. */}
        <input type="hidden" name="version" value={loaderData.settings.version} />
        <SettingsSection title="General Settings">
          <LabeledInput
            label="Site Name"
            type="text"
            {...setting("siteName")}
            maxLength={100}
            required
            help="Every page title, the header, the feeds and the e-mails use it."
          />
          <LabeledTextarea
            {...setting("siteDescription")}
            label="Site Description"
            maxLength={300}
            rows={3}
            help="The description search engines and social cards show for pages that have none of their own, and the feeds' description."
          />
          <BrandImageField label="Logo" name="logo" current={logoName} />
          <BrandImageField label="Favicon" name="favicon" current={faviconName} />
        </SettingsSection>
        <IdentitySection settings={settings} timeZones={timeZones} />
        <SettingsSection title="SEO Settings">
          <LabeledTextarea
            {...setting("metaTags")}
            label="Meta Tags"
            maxLength={1000}
            rows={3}
            help="Comma-separated keywords for the keywords meta tag of every public page."
          />
        </SettingsSection>
        <FlagSection title="Comment Settings" flags={COMMENT_FLAGS} values={settings} />
        <CommentSettings settings={settings} />
        <FlagSection title="Notification Settings" flags={NOTIFICATION_FLAGS} values={settings} />
        <SettingsSection title="Post Settings">
          <LabeledSelect
            id="defaultCategory"
            label="Default Category"
            defaultValue={settings.defaultCategory || "Freshly Pressed"}
            choices={categoryOptions}
            help="Preselected in Add Post."
          />
          <NumberField
            label="Max Image Size (MB)"
            {...setting("maxImageSize")}
            min={1}
            max={1024}
            required
            help="The largest image any upload may be (posts, profiles, media, logo)."
          />
        </SettingsSection>
        <HomeSection settings={settings} categories={categoryChoices} current={homeCurrent} />
        <PerformanceSection settings={settings} />
        <EmbedsSection settings={settings} />
        <FlagSection title="Security Settings" flags={SECURITY_FLAGS} values={settings} />
        <SubscribersSection settings={settings} />
        <WebmentionSection settings={settings} />
        <FediverseSection settings={settings} host={loaderData.fediverseHost} />
        <MembersSection settings={settings} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            Save Settings
          </button>
        </div>
      </Form>
      <BackupsSection
        schedule={settings.backupSchedule}
        keep={settings.backupKeep}
        backups={loaderData.backups}
        returnTo="/admin/settings"
      />
      <MailDnsRecords {...loaderData.mail} />
      <div className="form-actions">
        <LogoutButton />
      </div>
    </>
  );
}

/** The logo or favicon upload, with the name of the file in use under it. */
function BrandImageField({
  label,
  name,
  current,
}: {
  label: string;
  name: string;
  current: string | null | undefined;
}) {
  return (
    <>
      <ImageField label={label} name={name} aria-describedby={`${name}-name`} />
      <p id={`${name}-name`} className="hint">
        {name === "logo"
          ? "Shown in the header of every public page. "
          : "The browser tab's icon. "}
        {`Current ${name}: `}
        <span className="file-name">{current ?? "none"}</span>
      </p>
    </>
  );
}
