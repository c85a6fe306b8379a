import { LabeledSelect } from "~/components/admin/fields";
import { FlagSection } from "~/components/settings/flag-field";
import type { DeletedMemberComments, MembersSignup } from "~/domain/members/vocabulary";

/** Settings › Members: reader accounts (docs/members.md "Settings"). */
export function MembersSection({
  settings,
}: {
  settings: {
    membersEnabled: boolean;
    membersSignup: MembersSignup;
    memberCommentsNeedApproval: boolean;
    deletedMemberComments: DeletedMemberComments;
  };
}) {
  return (
    <FlagSection
      title="Members"
      values={settings}
      flags={[
        {
          name: "membersEnabled",
          label: "Reader accounts",
          help: "Readers may sign in with a link or code e-mailed to them (no password) and manage their newsletters, comments and data on their account page. Off, the header's Sign in link and the account pages are gone.",
        },
        {
          name: "memberCommentsNeedApproval",
          label: "Members' comments need approval",
          help: "Off, a signed-in member's comment appears at once; on, it waits in Comments like anyone's.",
        },
      ]}
    >
      <LabeledSelect
        id="membersSignup"
        label="Who may sign up"
        defaultValue={settings.membersSignup}
        choices={[
          { value: "anyone", label: "Anyone: a new address becomes a member on its first sign-in" },
          { value: "subscribers", label: "Subscribers only: addresses already on the list" },
          { value: "nobody", label: "Nobody new: only existing members may sign in" },
        ]}
        help="Who may become a member by signing in. Whatever the choice, the sign-in page answers every address alike."
      />
      <LabeledSelect
        id="deletedMemberComments"
        label="Deleted members' comments"
        defaultValue={settings.deletedMemberComments}
        choices={[
          { value: "keep", label: 'Keep them, shown as "Deleted reader"' },
          { value: "remove", label: "Remove them" },
        ]}
        help="What happens to a member's comments when they delete their account."
      />
    </FlagSection>
  );
}
