import { LabeledTextarea } from "~/components/admin/fields";
import { FlagSection, settingOf } from "~/components/settings/flag-field";

/** Settings › Embeds (docs/behaviour.md §embeds): extra providers and loading without a click. */
export function EmbedsSection({
  settings,
}: {
  settings: { embedProviders: string; embedsLoadWithoutAsking: boolean };
}) {
  const setting = settingOf(settings);
  return (
    <FlagSection
      title="Embeds"
      values={settings}
      flags={[
        {
          name: "embedsLoadWithoutAsking",
          label: "Load embeds without asking",
          help: "Off: a video, post or map pasted into a post shows its thumbnail and title, and the provider's content loads only when the reader asks (nothing is sent to the provider before). On: the provider's content loads with the page.",
        },
      ]}
    >
      <LabeledTextarea
        {...setting("embedProviders")}
        label="Embed providers"
        maxLength={5000}
        rows={4}
        placeholder="video.example.org https://video.example.org/oembed"
        help="One provider a line: the links' host (with :port if it has one) and its oEmbed endpoint, or the host alone to use the address its pages advertise. A listed host may be on this network; links to other private addresses are never fetched. Instagram needs its endpoint with an access token here."
      />
    </FlagSection>
  );
}
