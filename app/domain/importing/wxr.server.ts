/**
 * Reads a WordPress export (WXR 1.0–1.2) as WordPress's own importer does
 * (the XML side: ./wxr-xml.server.ts). The channel's authors and terms come
 * first, then one `<item>` at a time (./wxr-items.server.ts); `readWxr` calls
 * `emit` for each record as it is read.
 */
import type { WpAttachments } from "./content.server";
import type { Inspection, SourceRecord, SourceTerm } from "./records";
import { itemRecords } from "./wxr-items.server";
import { decodeSlug, type Header, isUnreadable, type Node, text, walk } from "./wxr-xml.server";

export { NOT_WXR } from "./wxr-xml.server";

/** Is this file (its first bytes) a WordPress export? */
export function looksLikeWxr(head: string): boolean {
  return /<rss[\s>]/.test(head) && /wordpress\.org\/export\//.test(head);
}

function sourceOf(header: Header): string {
  return `wordpress:${header.baseUrl.replace(/\/+$/, "") || header.title || "unnamed"}`;
}

const IMAGE = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#].*)?$/i;

/** Attachments collected while the file is read; images in WordPress's gallery order. */
function attachmentsCollector() {
  const attachments: WpAttachments = { byId: new Map(), imagesOf: new Map() };
  const order = new Map<string, number>();
  return {
    attachments,
    add(node: Node) {
      const id = text(node, "wp:post_id");
      const url = text(node, "wp:attachment_url");
      if (text(node, "wp:post_type") !== "attachment" || !url) return;
      attachments.byId.set(id, url);
      const parent = text(node, "wp:post_parent");
      if (!parent || parent === "0" || !IMAGE.test(url)) return;
      order.set(id, Number(text(node, "wp:menu_order")) || 0);
      const list = attachments.imagesOf.get(parent) ?? [];
      list.push({ id, url });
      // WordPress orders a gallery by menu order, then id.
      list.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0) || +a.id - +b.id);
      attachments.imagesOf.set(parent, list);
    },
  };
}

/**
 * First pass: validates, counts the items and collects attachments (for
 * featured images and galleries). A file that is not well-formed is read once
 * more with bare "&"s escaped; `repair` says the second pass must do the same.
 */
export async function inspectWxr(
  path: string,
): Promise<Inspection & { attachments: WpAttachments; repair: boolean }> {
  let total = 0;
  let collector = attachmentsCollector();
  const onNode = (node: Node) => {
    const key = node.ns + node.name;
    if (key === "wp:author" || key === "wp:category" || key === "wp:tag" || key === "wp:term") {
      total += 1;
    } else if (key === "item") {
      // The item and each of its comments.
      total += 1 + node.children.filter((c) => c.ns + c.name === "wp:comment").length;
      collector.add(node);
    }
  };
  let header: Header;
  let repair = false;
  try {
    header = await walk(path, onNode);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    total = 0;
    collector = attachmentsCollector();
    repair = true;
    header = await walk(path, onNode, true);
  }
  const notes = [`WXR version ${header.version}${header.title ? `, "${header.title}"` : ""}`];
  if (repair) notes.push('The file was not well-formed XML: unescaped "&" characters were escaped');
  return { total, source: sourceOf(header), notes, attachments: collector.attachments, repair };
}

/** A term as its element names it: `wp:category`, `wp:tag` or a `wp:term` of a kept taxonomy. */
function termRecord(
  node: Node,
  kind: SourceTerm["kind"],
  fields: { slug: string; name: string; description: string },
  oldPaths?: string[],
): SourceRecord {
  const slug = decodeSlug(text(node, fields.slug));
  return {
    type: "term",
    value: {
      kind,
      sourceId: text(node, "wp:term_id") || slug,
      slug,
      name: text(node, fields.name) || slug,
      description: text(node, fields.description),
      ...(oldPaths ? { oldPaths } : {}),
    },
  };
}

function authorRecord(node: Node): SourceRecord {
  const login = text(node, "wp:author_login");
  const first = text(node, "wp:author_first_name");
  const last = text(node, "wp:author_last_name");
  const name =
    text(node, "wp:author_display_name") || [first, last].filter(Boolean).join(" ") || login;
  return {
    type: "author",
    value: {
      sourceId: text(node, "wp:author_id") || login,
      login,
      email: text(node, "wp:author_email") || null,
      name,
    },
  };
}

/** Second pass: every author, term and item, in file order. */
export async function readWxr(
  path: string,
  attachments: WpAttachments,
  emit: (record: SourceRecord) => void,
  notes: Set<string>,
  repair = false,
): Promise<void> {
  // A child category's WordPress archive is /category/parent/child/.
  const categoryPaths = new Map<string, string>();
  const onNode = (node: Node) => {
    const key = node.ns + node.name;
    if (key === "wp:author") {
      emit(authorRecord(node));
    } else if (key === "wp:category") {
      const slug = decodeSlug(text(node, "wp:category_nicename"));
      const parent = decodeSlug(text(node, "wp:category_parent"));
      const path = `${parent ? (categoryPaths.get(parent) ?? `/category/${parent}`) : "/category"}/${slug}`;
      categoryPaths.set(slug, path);
      const names = {
        slug: "wp:category_nicename",
        name: "wp:cat_name",
        description: "wp:category_description",
      };
      emit(termRecord(node, "category", names, [...new Set([path, `/category/${slug}`])]));
    } else if (key === "wp:tag") {
      const names = { slug: "wp:tag_slug", name: "wp:tag_name", description: "wp:tag_description" };
      emit(termRecord(node, "tag", names, [`/tag/${decodeSlug(text(node, "wp:tag_slug"))}`]));
    } else if (key === "wp:term") {
      const taxonomy = text(node, "wp:term_taxonomy");
      const names = {
        slug: "wp:term_slug",
        name: "wp:term_name",
        description: "wp:term_description",
      };
      const term = termRecord(node, taxonomy === "category" ? "category" : "tag", names);
      if (taxonomy === "category" || taxonomy === "post_tag") emit(term);
      else if (term.type === "term") {
        const { sourceId, name } = term.value;
        const reason = `taxonomy "${taxonomy}" is not imported`;
        emit({ type: "skip", value: { kind: "term", sourceId, title: name, reason } });
      }
    } else if (key === "item") {
      for (const record of itemRecords(node, { attachments, notes })) emit(record);
    }
  };
  await walk(path, onNode, repair);
}
