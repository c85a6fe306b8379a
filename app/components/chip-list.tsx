import { PageLink } from "~/components/page-link";

/** A wrapping row of pill links (categories, tags). */
export function ChipList({
  items,
  label,
}: {
  items: { key: string | number; to: string; text: string }[];
  label?: string;
}) {
  return (
    <ul className="chip-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <PageLink to={item.to} className="chip">
            {item.text}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}
