/**
 * The nodes the editor registers. Shared by the browser editor and the tests that
 * generate the editor's own HTML headlessly, so both produce the same markup.
 */
import { CodeNode } from "@lexical/code";
import { AutoLinkNode, LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { HorizontalRuleNode } from "@lexical/react/LexicalHorizontalRuleNode";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { normaliseUrl } from "~/domain/posts/link-protocols";
import { ImageNode } from "./image-node";
import { NoteMarkNode } from "./notes-mark";

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
  NoteMarkNode,
];

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
