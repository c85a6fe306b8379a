import { useEffect } from "react";
import toast from "react-hot-toast";
import { Form, useActionData, useNavigation } from "react-router";
import { ImageField, LabeledInput, LabeledTextarea } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { LogoutButton } from "~/components/admin/sidebar";
import { FormError } from "~/components/admin/toasts";
import { CommentSettings } from "~/components/settings/comment-settings";
import { MailDnsRecords } from "~/components/settings/mail-dns";
import { mailDnsRecords } from "~/domain/newsletters/dkim.server";
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
    mail: mailDnsRecords(readEnv()),
  };
}

/** Save Settings: every field, plus the logo and favicon when a file is chosen. */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request } = args;
  try {
    const form = await readForm(request, { files: ["logo", "favicon"] });
    await withStoredImages(form, ["logo", "favicon"], { collection: "settings", actor }, (urls) =>
      updateSettings(actor, { ...settingsFromForm(form.fields), ...urls }),
    );
  } catch (error) {
    return formError(error, { prefix: "Error updating settings" });
  }
  return redirectWithFlash("/admin/settings", {
    type: "success",
    message: "Settings updated successfully",
  });
}

const SECTIONS: { title: string; flags: [SettingsFlag, string][] }[] = [
  {
    title: "Comment Settings",
    flags: [
      ["enableCommentModeration", "Enable Comment Moderation"],
      ["enableSpamFilters", "Enable Spam Filters"],
      ["autoApproveComments", "Auto-approve Comments"],
    ],
  },
  {
    title: "Notification Settings",
    flags: [
      ["enableAdminAlerts", "Enable Admin Alerts"],
      ["enableUserNotifications", "Enable User Notifications"],
      ["enableEmailAlerts", "Enable Email Alerts"],
    ],
  },
];
const LATER_SECTIONS: { title: string; flags: [SettingsFlag, string][] }[] = [
  {
    title: "Performance & Caching",
    flags: [
      ["enableLazyLoading", "Enable Lazy Loading"],
      ["useCdn", "Use CDN"],
    ],
  },
  {
    title: "Security Settings",
    flags: [
      ["enableRateLimiting", "Enable Rate Limiting"],
      ["enableCsrfProtection", "Enable CSRF Protection"],
      ["enableCaptcha", "Enable CAPTCHA"],
      ["enable2FA", "Enable Two-Factor Authentication (2FA)"],
    ],
  },
];

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings, logoName, faviconName, categories } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/settings") === true;
  // docs/behaviour.md §site: "Updating settings..." while saving; the result replaces it.
  useEffect(() => {
    if (saving) toast.loading("Updating settings...", { id: "settings-save" });
    else toast.dismiss("settings-save");
  }, [saving]);

  const flagFieldset = (section: { title: string; flags: [SettingsFlag, string][] }) => (
    <fieldset key={section.title} className="admin-panel settings-section">
      <legend>{section.title}</legend>
      {section.flags.map(([name, label]) => (
        <label key={name} className="check">
          <input type="checkbox" name={name} defaultChecked={settings[name]} />
          {label}
        </label>
      ))}
    </fieldset>
  );

  const categoryOptions = categories.includes(settings.defaultCategory)
    ? categories
    : [settings.defaultCategory, ...categories];
  if (!categoryOptions.includes("Freshly Pressed")) categoryOptions.unshift("Freshly Pressed");

  return (
    <>
      <PageHeader title="Settings" />
      <FormError result={result} />
      <Form method="post" encType="multipart/form-data" className="admin-form settings-form">
        <fieldset className="admin-panel settings-section">
          <legend>General Settings</legend>
          <LabeledInput
            label="Site Name"
            type="text"
            name="siteName"
            defaultValue={settings.siteName}
            maxLength={100}
            required
          />
          <LabeledTextarea
            id="siteDescription"
            label="Site Description"
            defaultValue={settings.siteDescription}
            maxLength={300}
            rows={3}
          />
          <BrandImageField label="Logo" name="logo" current={logoName} />
          <BrandImageField label="Favicon" name="favicon" current={faviconName} />
        </fieldset>
        <fieldset className="admin-panel settings-section">
          <legend>SEO Settings</legend>
          <LabeledTextarea
            id="metaTags"
            label="Meta Tags"
            defaultValue={settings.metaTags}
            maxLength={1000}
            rows={3}
          />
          <p className="hint">
            Comma-separated keywords for the keywords meta tag of every public page.
          </p>
        </fieldset>
        {SECTIONS.map(flagFieldset)}
        <CommentSettings settings={settings} />
        <fieldset className="admin-panel settings-section">
          <legend>Post Settings</legend>
          <label htmlFor="defaultCategory">Default Category</label>
          <select
            id="defaultCategory"
            name="defaultCategory"
            defaultValue={settings.defaultCategory || "Freshly Pressed"}
          >
            {categoryOptions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <LabeledInput
            label="Max Image Size (MB)"
            type="number"
            name="maxImageSize"
            min={1}
            max={1024}
            step={1}
            defaultValue={settings.maxImageSize}
            required
          />
        </fieldset>
        {LATER_SECTIONS.map(flagFieldset)}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            Save Settings
          </button>
        </div>
      </Form>
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
        {`Current ${name}: `}
        <span className="file-name">{current ?? "none"}</span>
      </p>
    </>
  );
}
