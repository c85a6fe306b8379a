import { LabeledTextarea, NumberField } from "~/components/admin/fields";
import { SettingsSection, settingOf } from "~/components/settings/flag-field";

/**
 * The comment rules of the Settings screen (docs/behaviour.md §comments): the
 * disallowed words the spam filter looks for and when comments close.
 */
export function CommentSettings({
  settings,
}: {
  settings: { commentDisallowedWords: string; commentsCloseAfterDays: number };
}) {
  const setting = settingOf(settings);
  return (
    <SettingsSection title="Comment Rules">
      <LabeledTextarea
        {...setting("commentDisallowedWords")}
        label="Disallowed Words"
        maxLength={10_000}
        rows={4}
        help="One word or phrase a line. With Spam Filters on, a comment containing one (in its name, e-mail or text, any case) goes to Spam."
      />
      <NumberField
        label="Close Comments After (days)"
        {...setting("commentsCloseAfterDays")}
        min={0}
        max={36_500}
        required
        help="Readers may comment for this many days after a post is published; 0 keeps comments open."
      />
    </SettingsSection>
  );
}
