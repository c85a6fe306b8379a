import { LabeledInput } from "~/components/admin/fields";
import { FlagSection, settingOf } from "~/components/settings/flag-field";

/** Settings › Fediverse (docs/federation.md "Following and blocking"): the handle and approvals. */
export function FediverseSection({
  settings,
  host,
}: {
  settings: { fediverseHandle: string; fediverseApproveFollows: boolean };
  host: string;
}) {
  const setting = settingOf(settings);
  return (
    <FlagSection
      title="Fediverse"
      values={settings}
      flags={[
        {
          name: "fediverseApproveFollows",
          label: "Approve followers by hand",
          help: "On: a new follower waits in Fediverse until an Administrator accepts it. Off: follows are accepted at once.",
        },
      ]}
    >
      <LabeledInput
        {...setting("fediverseHandle")}
        label="Fediverse handle"
        type="text"
        maxLength={30}
        help={`The site's account is @handle@${host}: up to 30 of a–z, 0–9 and _. Empty: made from the site name. Each author is @their-slug@${host}.`}
      />
    </FlagSection>
  );
}
