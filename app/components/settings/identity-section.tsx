import { Help, LabeledInput, LabeledSelect, LabeledTextarea } from "~/components/admin/fields";
import { SettingsSection, settingOf } from "~/components/settings/flag-field";

export type IdentitySettings = {
  contactEditorial: string;
  contactBusiness: string;
  contactMedia: string;
  postalAddress: string;
  socialX: string;
  socialFacebook: string;
  socialInstagram: string;
  socialLinkedin: string;
  socialYoutube: string;
  socialMastodon: string;
  copyrightHolder: string;
  timeZone: string;
};

const SOCIAL: [keyof IdentitySettings, string][] = [
  ["socialX", "X profile"],
  ["socialFacebook", "Facebook profile"],
  ["socialInstagram", "Instagram profile"],
  ["socialLinkedin", "LinkedIn profile"],
  ["socialYoutube", "YouTube channel"],
  ["socialMastodon", "Mastodon profile"],
];

/** Settings › Site Identity: contacts, postal address, social profiles, copyright, time zone. */
export function IdentitySection({
  settings,
  timeZones,
}: {
  settings: IdentitySettings;
  timeZones: string[];
}) {
  const email = (name: keyof IdentitySettings, label: string, help: string) => (
    <LabeledInput
      label={label}
      type="email"
      name={name}
      defaultValue={settings[name]}
      maxLength={254}
      help={help}
    />
  );
  const setting = settingOf(settings);
  return (
    <SettingsSection title="Site Identity">
      {email(
        "contactEditorial",
        "Editorial contact address",
        "Shown on Reach Out and the Privacy Policy, and as the feeds' managing editor. Empty: not shown.",
      )}
      {email(
        "contactBusiness",
        "Business contact address",
        "Shown on Reach Out for advertising and partnerships. Empty: not shown.",
      )}
      {email(
        "contactMedia",
        "Media contact address",
        "Shown on Reach Out and the Media Policy. Empty: not shown.",
      )}
      <LabeledTextarea
        {...setting("postalAddress")}
        label="Postal address (optional)"
        maxLength={300}
        rows={2}
        help="Shown in the footer, on Reach Out and under the site's e-mails."
      />
      {SOCIAL.map(([name, label]) => (
        <LabeledInput
          key={name}
          label={label}
          type="url"
          name={name}
          defaultValue={settings[name]}
          maxLength={500}
          placeholder="https://"
          aria-describedby="social-help"
        />
      ))}
      <Help id="social">
        The header links to each profile given, and posts name them in their JSON-LD publisher.
        Empty ones are not shown.
      </Help>
      <LabeledInput
        label="Copyright holder"
        type="text"
        {...setting("copyrightHolder")}
        maxLength={100}
        help="The name after © in the footer, the feeds and the e-mails. Empty: the site name."
      />
      <LabeledSelect
        {...setting("timeZone")}
        label="Site time zone"
        choices={timeZones}
        help="Dates on the pages (a date's full form when you point at it), in the back office and in e-mails are shown in this time zone."
      />
    </SettingsSection>
  );
}
