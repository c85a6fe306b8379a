/**
 * The nodes the editor registers. Shared by the browser editor and the tests that
 * generate the editor's own HTML headlessly, so both produce the same markup.
 */

import { CodeNode } from "@lexical/code";
import { AutoLinkNode, LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { HorizontalRuleNode } from "@lexical/react/LexicalHorizontalRuleNode";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { TableCellNode, TableNode, TableRowNode } from "@lexical/table";
import type { HTMLConfig } from "lexical";
import { normaliseUrl } from "~/domain/posts/link-protocols";
import { ContentsNode } from "./contents-node";
import { EmbedNode } from "./embed-node";
import { FootnoteNode } from "./footnote-node";
import { GalleryNode } from "./gallery-node";
import { HEADING_HTML } from "./heading-ids";
import { ImageNode } from "./image-node";
import { MembersOnlyNode } from "./members-only-node";
import { NoteMarkNode } from "./notes-mark";
import { TABLE_HTML } from "./table-html";

// Lexical's LinkNode (and AutoLinkNode, its subclass) writes href="about:blank"
// for any protocol but http(s), mailto, sms and tel; docs/behaviour.md §editor allows ftp, ftps,
// callto, cid and xmpp too. The one rule for both is link-protocols.ts.
LinkNode.prototype.sanitizeUrl = (url: string) => normaliseUrl(url) ?? "about:blank";

export const EDITOR_NODES = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  CodeNode,
  LinkNode,
  AutoLinkNode,
  HorizontalRuleNode,
  ImageNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  GalleryNode,
  EmbedNode,
  FootnoteNode,
  ContentsNode,
  NoteMarkNode,
  MembersOnlyNode,
];

/** How the editor reads and writes HTML beyond Lexical's defaults: heading ids, tables. */
export const EDITOR_HTML: HTMLConfig = {
  import: { ...HEADING_HTML.import, ...TABLE_HTML.import },
  export: new Map([...(HEADING_HTML.export ?? []), ...(TABLE_HTML.export ?? [])]),
};

/**
 * Theme classes: only what plain tags cannot express in the editing view
 * (Lexical draws underline and strikethrough as classed spans; the exported HTML
 * also wraps them in <u>/<s>). The server allowlist keeps `ik-*` classes.
 */
export const EDITOR_THEME = {
  text: {
    underline: "ik-underline",
    strikethrough: "ik-strike",
    underlineStrikethrough: "ik-underline-strike",
  },
};
