import { redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.tools-export";

const PATH = "/admin/tools/export";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Export", PATH);

/**
 * The screen. The files are resource routes (`/archive`, `/wxr`); the older
 * `?download=archive|wxr` addresses are sent there.
 */
export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  const download = new URL(args.request.url).searchParams.get("download");
  if (download === "archive" || download === "wxr") throw redirect(`${PATH}/${download}`);
  return null;
}

export default function Export() {
  return (
    <>
      <PageHeader title="Export" />
      <section className="admin-panel" aria-labelledby="export-archive">
        <h2 id="export-archive">Everything</h2>
        <p>
          One <code>.tar.gz</code> archive: the posts, pages, comments, categories, tags, users,
          subscribers, newsletters and settings as JSON, and the uploaded files. Passwords, API keys
          and two-factor secrets are never included. Import it on another Inkwell site (Tools →
          Import) to get the same public site back, addresses included.
        </p>
        <a className="button button-primary" href={`${PATH}/archive`} download>
          Download the archive
        </a>
      </section>
      <section className="admin-panel" aria-labelledby="export-wxr">
        <h2 id="export-wxr">Posts and pages for WordPress</h2>
        <p>
          The posts with their categories, tags and comments, and the pages, as a WordPress export
          file (WXR), for WordPress's own importer.
        </p>
        <a className="button" href={`${PATH}/wxr`} download>
          Download the WXR file
        </a>
      </section>
    </>
  );
}
