/**
 * The newsletter preview frame's HTML (docs/behaviour.md §newsletters): this site's images are
 * given as paths, so they load on whatever address the back office is reached at; the message
 * sent keeps PUBLIC_URL.
 */
import { describe, expect, it } from "vitest";
import { toSessionUser } from "~/domain/access/actor.server";
import { composeMessage } from "~/domain/newsletters/message.server";
import { insertNewsletter } from "~/domain/newsletters/queue.server";
import { previewNewsletter } from "~/domain/newsletters/review.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { makeSubscriber, makeUser } from "./fixtures";

describe("newsletter preview", () => {
  it("points this site's images at paths, not at PUBLIC_URL; other sites' images stay", () => {
    const admin = toSessionUser(makeUser("Administrator"));
    makeSubscriber("reader@example.org", ["News"]);
    const draft = insertNewsletter(
      getDb(),
      admin,
      {
        subject: "Pictures",
        audience: "News",
        content:
          '<p>Ours: <img src="/demo/images/ballot-box.jpg" alt="Ballot box"></p><p>Theirs: <img src="https://images.example.org/a.png" alt="Elsewhere"></p>',
        photo: "https://images.example.org/featured.png",
        attachment: null,
      },
      "draft",
    );
    const { publicUrl } = readEnv();
    const { html } = previewNewsletter(getDb(), admin, draft.uid);
    expect(html).toContain('src="/demo/images/ballot-box.jpg"');
    expect(html).toContain('src="https://images.example.org/a.png"');
    expect(html).toContain('src="https://images.example.org/featured.png"');
    expect(html).not.toContain(`src="${publicUrl}/`);
    // What subscribers get still names the public address.
    const sent = composeMessage(readEnv(), "Inkwell", draft, { email: "a@example.org", name: "A" });
    expect(String(sent.html)).toContain(`src="${publicUrl}/demo/images/ballot-box.jpg"`);
  });
});
