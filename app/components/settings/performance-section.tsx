import { LabeledInput } from "~/components/admin/fields";
import { FlagSection } from "~/components/settings/flag-field";

/** Settings › Performance & Caching: lazy images and the CDN address. */
export function PerformanceSection({
  settings,
}: {
  settings: { enableLazyLoading: boolean; useCdn: boolean; cdnUrl: string };
}) {
  return (
    <FlagSection
      title="Performance & Caching"
      values={settings}
      flags={[
        {
          name: "enableLazyLoading",
          label: "Enable Lazy Loading",
          help: "Images below the first screen load only as they scroll into view (loading=\"lazy\"), on public pages and in the back office's lists. A page's lead image always loads first.",
        },
        {
          name: "useCdn",
          label: "Use CDN",
          help: "With a CDN address below, pages, feeds and e-mails take the site's scripts, styles and uploaded images from that address (the site still serves them, so a pull CDN works).",
        },
      ]}
    >
      <LabeledInput
        label="CDN address"
        type="url"
        name="cdnUrl"
        defaultValue={settings.cdnUrl}
        placeholder="https://cdn.example.com"
        maxLength={200}
        help="An https:// origin, without a path. Empty: everything comes from this site."
      />
    </FlagSection>
  );
}
