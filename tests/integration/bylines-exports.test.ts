/**
 * Bylines leave with the site (docs/behaviour.md §bylines): the WordPress export writes them as
 * Co-Authors Plus does, the Inkwell archive with their roles and guests, and an import of either
 * gives them back in order.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { importRecords, posts } from "#db/schema";
import { createExportArchive, exportWxr } from "~/domain/backups/export.server";
import { createImportJob, runImportJob } from "~/domain/importing/jobs.server";
import { getDb } from "~/platform/db.server";
import { bylineRows, importText, seedSharedByline } from "./bylines-fixture";

let seeded: ReturnType<typeof seedSharedByline>;
const dir = mkdtempSync(join(tmpdir(), "inkwell-bylines-export-"));

beforeAll(() => {
  seeded = seedSharedByline();
});

/** The post an import made of `uid` (the ledger knows it by the source's uid). */
const importedCopy = (uid: string) =>
  getDb()
    .select({ id: importRecords.localId })
    .from(importRecords)
    .where(and(eq(importRecords.kind, "post"), eq(importRecords.sourceId, uid)))
    .get()?.id ?? 0;

describe("the WordPress export carries the byline", () => {
  it("writes Co-Authors Plus terms and guest authors that an import reads back in order", async () => {
    const xml = exportWxr(seeded.n.staff.admin as never);
    expect(xml).toContain(
      '<category domain="author" nicename="cap-sam-ortiz"><![CDATA[Sam Ortiz]]>',
    );
    expect(xml).toContain("<wp:post_type>guest-author</wp:post_type>");
    expect(xml).toContain("<wp:meta_value><![CDATA[https://sam.example.org/]]></wp:meta_value>");
    const job = await importText(dir, "export.xml", xml, seeded.n.staff.admin.id);
    expect(job.state, job.error ?? "").toBe("done");
    expect(
      getDb().select().from(posts).where(eq(posts.title, "Harbour at dawn")).all(),
    ).toHaveLength(2);
    // A WordPress item's source id is its post id.
    const rows = bylineRows(importedCopy(String(seeded.post.id)));
    // CAP has no roles: the Authors travel, in order.
    expect(rows.map((r) => r.name)).toEqual(["Maya Okafor", "Lena Brandt", "Sam Ortiz"]);
    expect(rows[2]?.bio).toBe("Photographer on the coast.");
  });
});

describe("the Inkwell archive carries the byline", () => {
  it("keeps order, roles and guests through an export and an import", async () => {
    const archive = await createExportArchive(seeded.n.staff.admin as never);
    const job = await runImportJob(
      await createImportJob(null, {
        fileName: "archive.tar.gz",
        filePath: archive,
        mediaPath: null,
        createdBy: seeded.n.staff.admin.id,
      }),
    );
    expect(job.state, job.error ?? "").toBe("done");
    const rows = bylineRows(importedCopy(seeded.post.uid));
    expect(rows.map((r) => [r.name, r.role])).toEqual([
      ["Maya Okafor", "Author"],
      ["Lena Brandt", "Author"],
      ["Sam Ortiz", "Author"],
      ["Ed Keller", "Editing"],
    ]);
    expect(rows[2]?.website).toBe("https://sam.example.org/");
  });
});
