import { Link, useRouteLoaderData } from "react-router";
import { useMediaUrl } from "~/hooks/use-site-options";

/** The site's logo and name above the sign-in screens' cards, linking to the public site. */
export function LoginBrand() {
  const site = useRouteLoaderData("root") as { site?: { siteName: string; logo: string } };
  const media = useMediaUrl();
  if (!site?.site) return null;
  return (
    <Link to="/" className="brand login-brand">
      <img src={media(site.site.logo)} alt="" width="32" height="32" />
      <span>{site.site.siteName}</span>
    </Link>
  );
}
