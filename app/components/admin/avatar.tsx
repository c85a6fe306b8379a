import { useLazyLoading, useMediaUrl } from "~/hooks/use-site-options";

/** A user's photo, or their initials on a coloured circle when they have none. */
export function Avatar({
  name,
  photo,
  size = 40,
}: {
  name: string;
  photo: string | null | undefined;
  size?: number;
}) {
  const loading = useLazyLoading();
  const media = useMediaUrl();
  if (photo) {
    return (
      <img
        className="avatar"
        src={media(photo)}
        alt=""
        width={size}
        height={size}
        loading={loading}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <span
      className="avatar avatar-initials"
      aria-hidden="true"
      style={{ width: size, height: size }}
    >
      {initials || "?"}
    </span>
  );
}
