import { HOME_SECTIONS } from "~/domain/posts/sections";

type Values = Record<(typeof HOME_SECTIONS)[number]["categoryField"], number | null> &
  Record<(typeof HOME_SECTIONS)[number]["countField"], number>;

/**
 * Settings › Home Page: the category behind each home section and how many
 * posts it shows. `current` is the category each section uses now (the
 * seeded one when none was chosen).
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
            <label htmlFor={h.categoryField}>{h.title}: category</label>
            <select id={h.categoryField} name={h.categoryField} defaultValue={String(selected)}>
              {selected === "" ? <option value="">(none)</option> : null}
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <label>
              {h.title}: posts shown
              <input
                type="number"
                name={h.countField}
                min={1}
                max={24}
                step={1}
                required
                defaultValue={settings[h.countField]}
              />
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
