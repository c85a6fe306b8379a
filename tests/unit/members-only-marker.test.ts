/**
 * The editor's "Members only from here" line (docs/members.md "Members-only posts"): exported as
 * `<hr class="ik-members-only">`, loaded back as the same line (not a plain rule), kept by the
 * server's allowlist, and what the access rule cuts the teaser at.
 */
import { $createParagraphNode, $createTextNode } from "lexical";
import { describe, expect, test } from "vitest";
import { $createMembersOnlyNode } from "~/components/editor/members-only-node";
import { teaserOf } from "~/domain/access/reading.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { MEMBERS_MARKER_HTML } from "~/domain/posts/visibility";
import { exportDocument, reload } from "./headless-editor";

describe("the members-only marker in the editor", () => {
  test("exports the marker, reloads it as the marker, and the teaser ends there", () => {
    const html = exportDocument(() => [
      $createParagraphNode().append($createTextNode("For everyone")),
      $createMembersOnlyNode(),
      $createParagraphNode().append($createTextNode("For members")),
    ]);
    expect(html).toContain(MEMBERS_MARKER_HTML);
    expect(reload(html)).toBe(html);
    const stored = sanitizePostHtml(html);
    expect(stored).toContain(MEMBERS_MARKER_HTML);
    expect(teaserOf(stored)).toContain("For everyone");
    expect(teaserOf(stored)).not.toContain("For members");
  });

  test("a plain horizontal rule stays a plain rule and cuts nothing", () => {
    const html = reload("<p>One</p><hr><p>Two</p>");
    expect(html).not.toContain("ik-members-only");
    expect(teaserOf(sanitizePostHtml(html))).toBe("");
  });
});
