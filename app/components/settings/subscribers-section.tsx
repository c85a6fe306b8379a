import { LabeledInput, LabeledTextarea } from "~/components/admin/fields";
import { FlagSection, settingOf } from "~/components/settings/flag-field";

/** Settings › Newsletter Signups: double opt-in and the welcome e-mail. */
export function SubscribersSection({
  settings,
}: {
  settings: {
    confirmSubscribers: boolean;
    sendWelcomeEmail: boolean;
    welcomeSubject: string;
    welcomeContent: string;
  };
}) {
  const setting = settingOf(settings);
  return (
    <FlagSection
      title="Newsletter Signups"
      values={settings}
      flags={[
        {
          name: "confirmSubscribers",
          label: "Confirm new subscribers by e-mail",
          help: "A signup stays Pending (and receives nothing) until the reader opens the link we e-mail and presses Confirm. Readers without JavaScript always confirm this way while CAPTCHA is on.",
        },
        {
          name: "sendWelcomeEmail",
          label: "Send a welcome e-mail",
          help: "Sent once, when a subscriber confirms through the e-mailed link and becomes Active.",
        },
      ]}
    >
      <LabeledInput
        label="Welcome e-mail subject"
        type="text"
        {...setting("welcomeSubject")}
        maxLength={200}
        required
        help="The subject line of the welcome e-mail."
      />
      <LabeledTextarea
        {...setting("welcomeContent")}
        label="Welcome e-mail content"
        maxLength={5000}
        rows={4}
        required
        help={'Plain text after the greeting "Hello name,"; a blank line starts a new paragraph.'}
      />
    </FlagSection>
  );
}
