import { Fragment } from "react";
import { PageLink } from "~/components/page-link";
import {
  authorNames,
  type BylineName,
  bylineClauses,
  nameSeparator,
  ROLE_LEAD,
} from "~/domain/bylines/sentence";
import { useSiteDate } from "~/hooks/use-site-date";
import { useLazyLoading, useMediaUrl } from "~/hooks/use-site-options";
import { relativeTime } from "~/utils/time";

export function RelativeTime({ date }: { date: Date | string }) {
  const d = new Date(date);
  // The relative words differ from the server's by the time the page hydrates: React keeps the server's.
  return (
    <time dateTime={d.toISOString()} title={useSiteDate(d)} suppressHydrationWarning>
      {relativeTime(d)}
    </time>
  );
}

/** One contributor's name: a link to their author page, plain text for a deleted one. */
function ContributorName({ entry }: { entry: { name: string; slug: string | null } }) {
  return entry.slug ? (
    <PageLink to={`/author/${entry.slug}`} className="byline-name" rel="author">
      {entry.name}
    </PageLink>
  ) : (
    <span className="byline-name">{entry.name}</span>
  );
}

function Names({ names }: { names: readonly BylineName[] }) {
  return names.map((n, i) => (
    // A byline may name the same person twice (two roles); position keeps the keys apart.
    <Fragment key={i}>
      {nameSeparator(i, names.length)}
      <ContributorName entry={n} />
    </Fragment>
  ));
}

/**
 * The byline's words (docs/behaviour.md §bylines): "By A and B · Photos by C" (`full`), or only
 * the authors' names ("A and B", a card's). Each name links to its author page.
 */
export function BylineNames({ byline, full }: { byline: readonly BylineName[]; full?: boolean }) {
  const clauses = bylineClauses(byline);
  if (!full) return <Names names={clauses.find((c) => c.lead === ROLE_LEAD.Author)?.names ?? []} />;
  return clauses.map((c, i) => (
    <Fragment key={c.lead}>
      {i > 0 ? <span aria-hidden="true"> · </span> : null}
      <span className="byline-clause">
        {`${c.lead} `}
        <Names names={c.names} />
      </span>
    </Fragment>
  ));
}

/**
 * Author photo and names (links to their author pages when there are), then how long ago. With a
 * `byline`, its authors (a card) or the whole sentence (`full`, the post page); without one, or
 * when it names no author, the post's author `name`.
 */
export function Byline(props: {
  name: string;
  photo: string | null;
  /** The author page's slug: the name links to `/author/{slug}`. */
  slug?: string | null;
  /** The post's contributors in order (docs/behaviour.md §bylines). */
  byline?: readonly BylineName[];
  /** The whole sentence with every role, not only the authors. */
  full?: boolean;
  date: Date | string;
  avatarSize?: number;
}) {
  const size = props.avatarSize ?? 28;
  const loading = useLazyLoading();
  const media = useMediaUrl();
  const byline = props.byline ?? [];
  const named = props.full ? byline.some((e) => e.name) : authorNames(byline).length > 0;
  return (
    <div className={props.full ? "byline byline-full" : "byline"}>
      {props.photo ? (
        <img
          src={media(props.photo)}
          alt=""
          width={size}
          height={size}
          className="avatar"
          loading={loading}
        />
      ) : null}
      <span className="byline-names">
        {named ? (
          <BylineNames byline={byline} full={props.full} />
        ) : (
          <ContributorName entry={{ name: props.name, slug: props.slug ?? null }} />
        )}
      </span>
      {/* The dot and the time wrap together, never apart (narrow cards and carousels). */}
      <span className="byline-when">
        <span aria-hidden="true">·</span>
        <RelativeTime date={props.date} />
      </span>
    </div>
  );
}
