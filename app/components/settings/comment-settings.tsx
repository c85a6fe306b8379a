import { LabeledTextarea, NumberField } from "~/components/admin/fields";
import { SettingsSection } from "~/components/settings/flag-field";

/**
 * The comment rules of the Settings screen (docs/behaviour.md §comments): the
 * disallowed words the spam filter looks for and when comments close.
 */
export function CommentSettings({
  settings,
}: {
  settings: { commentDisallowedWords: string; commentsCloseAfterDays: number };
}) {
  return (
    <SettingsSection title="Comment Rules">
      <LabeledTextarea
        id="commentDisallowedWords"
        label="Disallowed Words"
        defaultValue={settings.commentDisallowedWords}
        maxLength={10_000}
        rows={4}
        help="One word or phrase a line. With Spam Filters on, a comment containing one (in its name, e-mail or text, any case) goes to Spam."
      />
      <NumberField
        label="Close Comments After (days)"
        name="commentsCloseAfterDays"
        min={0}
        max={36_500}
        defaultValue={settings.commentsCloseAfterDays}
        required
        help="Readers may comment for this many days after a post is published; 0 keeps comments open."
      />
    </SettingsSection>
  );
}
