import { FlagSection } from "~/components/settings/flag-field";

/** Settings › Webmention (docs/federation.md "Webmention"): telling the pages a post links to. */
export function WebmentionSection({ settings }: { settings: { sendWebmentions: boolean } }) {
  return (
    <FlagSection
      title="Webmention"
      values={settings}
      flags={[
        {
          name: "sendWebmentions",
          label: "Send Webmentions",
          help: "When a public post is published or edited, each site it links to that accepts Webmentions is told (once per version), and told again if the post is unpublished or deleted. Mentions other sites send here are checked and wait in Comments like any comment, whatever this setting.",
        },
      ]}
    />
  );
}
