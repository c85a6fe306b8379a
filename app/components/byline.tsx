import { PageLink } from "~/components/page-link";
import { useLazyLoading, useMediaUrl, useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";
import { relativeTime } from "~/utils/time";

export function RelativeTime({ date }: { date: Date | string }) {
  const d = new Date(date);
  const timeZone = useSiteTimeZone();
  return (
    <time dateTime={d.toISOString()} title={formatSiteDate(d, timeZone)} suppressHydrationWarning>
      {relativeTime(d)}
    </time>
  );
}

/** Author photo and name (a link to the author page when there is one), then how long ago. */
export function Byline(props: {
  name: string;
  photo: string | null;
  /** The author page's slug: the name links to `/author/{slug}`. */
  slug?: string | null;
  date: Date | string;
  avatarSize?: number;
}) {
  const size = props.avatarSize ?? 28;
  const loading = useLazyLoading();
  const media = useMediaUrl();
  return (
    <div className="byline">
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
      {props.slug ? (
        <PageLink to={`/author/${props.slug}`} className="byline-name" rel="author">
          {props.name}
        </PageLink>
      ) : (
        <span className="byline-name">{props.name}</span>
      )}
      {/* The dot and the time wrap together, never apart (narrow cards and carousels). */}
      <span className="byline-when">
        <span aria-hidden="true">·</span>
        <RelativeTime date={props.date} />
      </span>
    </div>
  );
}
