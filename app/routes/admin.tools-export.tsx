import { createReadStream, rmSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { createExportArchive, exportWxr } from "~/domain/backups/export.server";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.tools-export";

const PATH = "/admin/tools/export";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Export", PATH);

const day = () => new Date().toISOString().slice(0, 10);

/** The screen; `?download=archive` the whole site as .tar.gz, `?download=wxr` the posts as WXR. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const download = new URL(args.request.url).searchParams.get("download");
  if (download === "archive") {
    const file = await createExportArchive(actor);
    const stream = createReadStream(file);
    stream.on("close", () => rmSync(file, { force: true }));
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(statSync(file).size),
        "Content-Disposition": `attachment; filename="inkwell-export-${day()}.tar.gz"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
  if (download === "wxr") {
    return new Response(exportWxr(actor), {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="inkwell-posts-${day()}.xml"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
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
        <a className="button button-primary" href={`${PATH}?download=archive`} download>
          Download the archive
        </a>
      </section>
      <section className="admin-panel" aria-labelledby="export-wxr">
        <h2 id="export-wxr">Posts and pages for WordPress</h2>
        <p>
          The posts with their categories, tags and comments, and the pages, as a WordPress export
          file (WXR), for WordPress's own importer.
        </p>
        <a className="button" href={`${PATH}?download=wxr`} download>
          Download the WXR file
        </a>
      </section>
    </>
  );
}
