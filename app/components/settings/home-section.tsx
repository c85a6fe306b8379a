import { LabeledSelect, NumberField } from "~/components/admin/fields";
import { HOME_SECTIONS } from "~/domain/posts/sections";

type Values = Record<(typeof HOME_SECTIONS)[number]["categoryField"], number | null> &
  Record<(typeof HOME_SECTIONS)[number]["countField"], number>;

/** Where each section stands on the home page, for its help lines. */
const PLACE: Record<(typeof HOME_SECTIONS)[number]["key"], string> = {
  freshlyPressed: "the Freshly Pressed grid under the leading stories",
  sponsored: "the Sponsored carousel (it has no Load More link)",
  newsletters: "the Newsletters cards beside the signup form",
  crypto: "the Crypto Updates carousel at the foot of the page",
};

/**
 * Settings › Home Page (docs/behaviour.md §reading): the category behind each home section and
 * how many posts it shows, each control with its help line. `current` is the category each
 * section uses now (the seeded one when none was chosen).
 */
export function HomeSection({
  settings,
  categories,
  current,
}: {
  settings: Values;
  categories: { id: number; name: string }[];
  current: Record<string, number | null>;
}) {
  const choices = categories.map((c) => ({ value: c.id, label: c.name }));
  return (
    <fieldset className="admin-panel settings-section">
      <legend>Home Page</legend>
      <p className="hint">
        Each section shows the newest published posts of its category, and its Load More link opens
        that category. Renaming a category keeps its section; a category in use here cannot be
        deleted until another one is chosen.
      </p>
      {HOME_SECTIONS.map((h) => {
        const selected = settings[h.categoryField] ?? current[h.key] ?? "";
        return (
          <div key={h.key} className="settings-home-row">
            <div className="settings-home-field">
              <LabeledSelect
                id={h.categoryField}
                label={`${h.title}: category`}
                defaultValue={String(selected)}
                choices={selected === "" ? [{ value: "", label: "(none)" }, ...choices] : choices}
                help={`The category whose newest published posts fill ${PLACE[h.key]}.`}
              />
            </div>
            <div className="settings-home-field">
              <NumberField
                label={`${h.title}: posts shown`}
                name={h.countField}
                min={1}
                max={24}
                required
                defaultValue={settings[h.countField]}
                help={`How many posts ${h.title} shows, newest first: 1 to 24.`}
              />
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
