/**
 * One newsletter message for one reader: the HTML and plain-text parts with
 * every address made absolute against PUBLIC_URL, the featured image inline,
 * the attachment, and the unsubscribe links (a page, and a one-click
 * `List-Unsubscribe` call).
 */

import { basename } from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import sanitizeHtml from "sanitize-html";
import type { Newsletter } from "#db/schema";
import { renderContent } from "~/domain/content/pipeline.server";
import { dkimSigning, mailFromDomain } from "~/domain/newsletters/dkim.server";
import { uploadedFile } from "~/domain/newsletters/input.server";
import {
  oneClickTokenUrl,
  unsubscribeToken,
  unsubscribeTokenUrl,
} from "~/domain/newsletters/unsubscribe-token.server";
import { newsletterAudienceLabel } from "~/domain/newsletters/vocabulary";
import type { Env } from "~/platform/env.server";
import { escapeHtml } from "~/utils/escape";
import { absoluteUrl } from "~/utils/seo";
import { htmlToText } from "~/utils/text";

/**
 * The plain-text part: `htmlToText`, with each link's address after its text
 * and list items as "- " lines.
 */
export function emailText(html: string): string {
  return htmlToText(
    html
      .replace(
        /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_m, href: string, text: string) => (text.includes(href) ? text : `${text} (${href})`),
      )
      .replace(/<li\b[^>]*>/gi, "<li>- "),
  );
}

/**
 * The reader's unsubscribe link (the footer and `List-Unsubscribe`): a
 * signed token naming the reader and the newsletter's audience, never the
 * address. A message to no subscriber (a test send) links to the page.
 */
export function readerUnsubscribeUrl(env: Env, letter: Newsletter, to: Recipient): string {
  return to.subscriberId
    ? unsubscribeTokenUrl(env.publicUrl, unsubscribeToken(to.subscriberId, letter.audience, env))
    : `${env.publicUrl}/unsubscribe`;
}

/**
 * The stored (already sanitised) content with every link and image address
 * made absolute against PUBLIC_URL, through sanitize-html's parser: every tag
 * and attribute is kept, only `a[href]` and `img[src]` are rewritten.
 */
export function absoluteContent(html: string, publicUrl: string): string {
  const rewrite =
    (attribute: "href" | "src") => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
      tagName,
      attribs:
        typeof attribs[attribute] === "string"
          ? { ...attribs, [attribute]: absoluteUrl(publicUrl, attribs[attribute]) }
          : attribs,
    });
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowedSchemesAppliedToAttributes: [],
    parseStyleAttributes: false,
    allowVulnerableTags: true,
    transformTags: { a: rewrite("href"), img: rewrite("src") },
  });
}

/** The last newsletter's content made absolute: one parse per newsletter, not per message. */
let contentCache: { key: string; html: string; text: string } | undefined;

function messageContent(letter: Newsletter, publicUrl: string) {
  const key = `${letter.uid}\n${publicUrl}\n${letter.content.length}`;
  if (contentCache?.key !== key) {
    const html = absoluteContent(
      renderContent(letter.content, { target: "email", publicUrl }),
      publicUrl,
    );
    contentCache = { key, html, text: emailText(html) };
  }
  return contentCache;
}

const FEATURED_CID = "featured-image@inkwell";

/** A reader (`subscriberId` set) or a tester (a test send: no token). */
export type Recipient = { email: string; name: string; subscriberId?: number };

/** The nodemailer message for one recipient. */
export function composeMessage(
  env: Env,
  siteName: string,
  letter: Newsletter,
  to: Recipient,
  /** The link to use instead of the reader's (the rendered template's marker). */
  personal?: { unsubscribe: string },
): SendMailOptions {
  const unsubscribe = personal?.unsubscribe ?? readerUnsubscribeUrl(env, letter, to);
  const content = messageContent(letter, env.publicUrl);
  const fromAddress = addressparser(env.mailFrom, { flatten: true })[0]?.address || env.mailFrom;
  const photoFile = uploadedFile(env, letter.photo);
  const photoSrc = photoFile
    ? `cid:${FEATURED_CID}`
    : letter.photo
      ? absoluteUrl(env.publicUrl, letter.photo)
      : null;
  const attachmentFile = uploadedFile(env, letter.attachment);
  const site = escapeHtml(siteName);
  const greeting = to.name ? `Hello ${escapeHtml(to.name)},` : "Hello,";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:0;background:#F7F7F7;color:#222222;font-family:system-ui,sans-serif">
<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff">
<p style="font-size:20px;font-weight:bold;color:#0062CC;margin:0 0 16px">${site}</p>
${photoSrc ? `<img src="${escapeHtml(photoSrc)}" alt="" style="max-width:100%;height:auto;display:block;margin:0 0 16px">` : ""}
<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(letter.subject)}</h1>
<p>${greeting}</p>
${content.html}
<hr style="margin:32px 0 16px;border:0;border-top:1px solid #dddddd">
<p style="font-size:13px;color:#555555">You receive this because you subscribed to the ${site} newsletter (${escapeHtml(newsletterAudienceLabel(letter.audience))}).
<a href="${escapeHtml(unsubscribe)}" style="color:#0062CC">Unsubscribe</a></p>
</div></body></html>`;
  const text = [
    siteName,
    "",
    letter.subject,
    "",
    to.name ? `Hello ${to.name},` : "Hello,",
    "",
    content.text,
    "",
    "--",
    `You receive this because you subscribed to the ${siteName} newsletter (${newsletterAudienceLabel(letter.audience)}).`,
    `Unsubscribe: ${unsubscribe}`,
  ].join("\n");
  const attachments: NonNullable<SendMailOptions["attachments"]> = [];
  if (photoFile)
    attachments.push({ path: photoFile, cid: FEATURED_CID, filename: basename(photoFile) });
  if (attachmentFile) {
    attachments.push({
      path: attachmentFile,
      filename: letter.attachmentName ?? basename(attachmentFile),
    });
  }
  return {
    from: { name: siteName, address: fromAddress },
    to: to.name ? { name: to.name, address: to.email } : to.email,
    subject: letter.subject,
    html,
    text,
    attachments,
    list: {
      id: {
        url: `${letter.audience.toLowerCase()}.newsletter.${mailFromDomain(env)}`,
        comment: siteName,
      },
      unsubscribe: to.subscriberId
        ? oneClickTokenUrl(env.publicUrl, unsubscribeToken(to.subscriberId, letter.audience, env))
        : unsubscribe,
    },
    headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    dkim: dkimSigning(env),
  };
}
