/**
 * A newsletter rendered once, personalised per reader by substitution: the
 * MIME message (headers, both parts' frame, the featured image and the
 * attachment already encoded) is built once by nodemailer with markers where
 * the reader's name and unsubscribe link go; each reader's message is the
 * template with those filled in, the two text parts quoted-printable encoded,
 * and a DKIM signature (rsa-sha256, relaxed/relaxed) computed over it with
 * the key parsed once. No file is read and no MIME tree is built per reader.
 */
import { createHash, type KeyObject, randomUUID, sign } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { encodeWord } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import type { Newsletter } from "#db/schema";
import { DKIM_SIGNED_HEADERS, dkimPrivateKey, dkimSigning } from "~/domain/newsletters/dkim.server";
import { composeMessage, type Recipient } from "~/domain/newsletters/message.server";
import {
  oneClickTokenUrl,
  unsubscribeToken,
  unsubscribeTokenUrl,
} from "~/domain/newsletters/unsubscribe-token.server";
import type { Env } from "~/platform/env.server";

const NAME = "X7NAMEX7";
const UNSUBSCRIBE = "X7UNSUBSCRIBEX7";
const TEXT = "X7TEXTPARTX7";
const HTML = "X7HTMLPARTX7";
/** Where the greeting and the link go in the marked parts; a NUL never occurs in content. */
const GREETING_MARK = "\u0000N";
const LINK_MARK = "\u0000U";

export type ReaderMessage = {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  /** The message is done with (sent or refused): its bytes' buffer is used for a later reader. */
  release(): void;
};

/** Buffers kept for reuse per newsletter: more than the messages in flight at once. */
const SPARE_BUFFERS = 64;

export type RenderedNewsletter = {
  forReader(to: Recipient & { subscriberId: number }): Promise<ReaderMessage>;
};

/**
 * The RSA signature, computed on libuv's thread pool (crypto.sign with a
 * callback) rather than on the event loop: at about 0.5 ms a message it is
 * the largest cost of a send (docs/performance.md#newsletters), and off the
 * loop it runs beside the SMTP and database work.
 */
const rsaSign = async (data: Buffer, key: KeyObject) => {
  while (signing >= SIGNING_AT_ONCE) await new Promise<void>((r) => signWaiting.push(r));
  signing += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      sign("sha256", data, key, (error, signature) => (error ? reject(error) : resolve(signature))),
    );
  } finally {
    signing -= 1;
    signWaiting.shift()?.();
  }
};

/**
 * Signatures computed at once, on the thread pool. One keeps a core busy
 * signing while the event loop builds and sends the next messages; with more,
 * each pool thread that signs grows a malloc arena of its own, and resident
 * memory passed 200 MB (docs/performance.md#newsletters).
 */
const SIGNING_AT_ONCE = 1;
let signing = 0;
const signWaiting: (() => void)[] = [];

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * Relaxed body canonicalisation of whole lines (RFC 6376 §3.4.4), end-of-body
 * rule aside: runs of spaces and tabs become one space, a space ending a line
 * goes. (A single space is left as it is, without a replacement per space.)
 */
const canonLines = (s: string) => s.replace(/\t[ \t]*| [ \t]+/g, " ").replace(/ \r\n/g, "\r\n");

/** The relaxed form of one header line (name lower-cased, unfolded, spaces collapsed). */
const canonHeader = (name: string, value: string) =>
  `${name.toLowerCase()}:${value
    .replace(/\r\n(?=[ \t])/g, "")
    .replace(/[ \t]+/g, " ")
    .trim()}`;

/** One line of a display name that cannot break the header. */
function addressHeader(name: string, email: string) {
  const clean = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? " " : c))
    .join("")
    .trim();
  if (!clean) return email;
  const display = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(clean)
    ? clean
    : /^[\x20-\x7e]*$/.test(clean)
      ? `"${clean.replace(/["\\]/g, "\\$&")}"`
      : encodeWord(clean, "Q", 52);
  return `${display} <${email}>`;
}

/** A part as quoted-printable, its lines ending in CRLF as they travel. */
const quotedPrintable = (s: string) =>
  qpWrap(qpEncode(Buffer.from(s.replace(/\r?\n/g, "\r\n"), "utf8")), 76);

/** Splits `s` at each marker, in order: the parts between them. */
function splitAt(s: string, markers: string[]): string[] {
  const parts: string[] = [];
  let rest = s;
  for (const marker of markers) {
    const at = rest.indexOf(marker);
    if (at < 0) throw new Error(`the template lost its ${marker} marker`);
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + marker.length);
  }
  parts.push(rest);
  return parts;
}

/** Fills the greeting ("Hello Ann," or "Hello,") and the unsubscribe link into a marked part. */
function personalise(marked: string, name: string, unsubscribe: string, html: boolean) {
  const greeting = name ? `Hello ${html ? escapeHtml(name) : name},` : "Hello,";
  const link = html ? escapeHtml(unsubscribe) : unsubscribe;
  return marked.split(GREETING_MARK).join(greeting).split(LINK_MARK).join(link);
}

/** `"Site name" <news.newsletter.example.com>` from the message's `list.id`. */
function listId(list: unknown): string {
  const id = (list as { id?: { url: string; comment?: string } } | undefined)?.id;
  if (!id) return "";
  return `${addressHeader(id.comment ?? "", id.url).replace(/^([^"<][^<]*) </, '"$1" <')}`;
}

/**
 * Builds the newsletter's template once; `forReader` answers each reader's
 * signed message. Throws when the newsletter cannot be composed.
 */
export async function renderNewsletter(
  env: Env,
  siteName: string,
  letter: Newsletter,
): Promise<RenderedNewsletter> {
  const base = composeMessage(
    env,
    siteName,
    letter,
    { email: "reader@template.invalid", name: NAME },
    { unsubscribe: UNSUBSCRIBE },
  );
  // Markers for the greeting and the link; `\0N`/`\0U` never occur in content.
  const greetingMarker = `Hello ${NAME},`;
  const mark = (s: string) =>
    s.split(greetingMarker).join(GREETING_MARK).split(UNSUBSCRIBE).join(LINK_MARK);
  const markedHtml = mark(String(base.html));
  const markedText = mark(String(base.text));
  const { list, ...rest } = base;
  const composed = await new MailComposer({
    ...rest,
    to: "reader@template.invalid",
    messageId: "<template@template.invalid>",
    html: HTML,
    text: TEXT,
    textEncoding: "quoted-printable",
    list: undefined,
    dkim: undefined,
    headers: {
      ...(rest.headers as Record<string, string>),
      "List-Id": { prepared: true, value: listId(list) },
    },
  } as ConstructorParameters<typeof MailComposer>[0])
    .compile()
    .build();
  const message = composed.toString("latin1");
  const split = message.indexOf("\r\n\r\n");
  const headerBlock = message.slice(0, split);
  const body = message.slice(split + 4);
  // The template's header lines, unfolded; To and Message-ID are each reader's own.
  const headers = headerBlock
    .split(/\r\n(?![ \t])/)
    .map((line) => {
      const colon = line.indexOf(":");
      return { name: line.slice(0, colon), value: line.slice(colon + 1).replace(/^ /, "") };
    })
    .filter((h) => !/^(to|message-id|list-unsubscribe)$/i.test(h.name));
  const bodyParts = splitAt(body, [TEXT, HTML]);
  if (!bodyParts[0]?.endsWith("\r\n") || !bodyParts[1]?.startsWith("\r\n")) {
    throw new Error("the template's text part is not on a line of its own");
  }
  // The end of the body: no empty lines at the end, one CRLF (relaxed).
  const tail = `${canonLines(bodyParts[2] as string).replace(/(\r\n)*$/, "")}\r\n`;
  const canon = [canonLines(bodyParts[0] as string), canonLines(bodyParts[1] as string), tail];
  const frame = bodyParts.map((p) => Buffer.from(p, "latin1"));

  const signing = dkimSigning(env);
  const key = dkimPrivateKey(env).object;
  const signedNames = DKIM_SIGNED_HEADERS.split(":");
  const fromAddress = String(
    (base.from as { address: string }).address ?? env.mailFrom,
  ).toLowerCase();
  const messageDomain = fromAddress.split("@").pop() ?? "inkwell.invalid";
  const spare: Buffer[] = [];

  return {
    async forReader(to) {
      const token = unsubscribeToken(to.subscriberId, letter.audience, env);
      const unsubscribe = unsubscribeTokenUrl(env.publicUrl, token);
      const text = quotedPrintable(personalise(markedText, to.name, unsubscribe, false));
      const html = quotedPrintable(personalise(markedHtml, to.name, unsubscribe, true));
      const bh = createHash("sha256")
        .update(canon[0] as string, "latin1")
        .update(canonLines(text), "latin1")
        .update(canon[1] as string, "latin1")
        .update(canonLines(html), "latin1")
        .update(canon[2] as string, "latin1")
        .digest("base64");
      const own = [
        { name: "To", value: addressHeader(to.name, to.email) },
        { name: "Message-ID", value: `<${randomUUID()}@${messageDomain}>` },
        { name: "List-Unsubscribe", value: `<${oneClickTokenUrl(env.publicUrl, token)}>` },
      ];
      const all = [...own, ...headers];
      const used = signedNames.filter((n) =>
        all.some((h) => h.name.toLowerCase() === n.toLowerCase()),
      );
      const canonicalHeaders = used.map((n) => {
        const h = all.find((x) => x.name.toLowerCase() === n.toLowerCase()) as {
          name: string;
          value: string;
        };
        return canonHeader(h.name, h.value);
      });
      const dkimValue =
        `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${signing.domainName}; q=dns/txt; ` +
        `s=${signing.keySelector}; t=${Math.floor(Date.now() / 1000)}; bh=${bh}; ` +
        `h=${used.map((n) => n.toLowerCase()).join(":")}; b=`;
      const data = `${canonicalHeaders.join("\r\n")}\r\n${canonHeader("DKIM-Signature", dkimValue)}`;
      const b = (await rsaSign(Buffer.from(data, "latin1"), key)).toString("base64");
      const head = `${[
        `DKIM-Signature: ${dkimValue}${b}`,
        ...own.map((h) => `${h.name}: ${h.value}`),
        ...headers.map((h) => `${h.name}: ${h.value}`),
      ].join("\r\n")}\r\n\r\n`;
      // The bytes go into a buffer of an earlier reader's message that is done
      // with, rather than a fresh one per message: a fresh one lives outside
      // the V8 heap until a full collection, and they added up to tens of MB
      // of resident memory at a few hundred messages a second.
      const [f0, f1, f2] = frame as [Buffer, Buffer, Buffer];
      const size = head.length + f0.length + text.length + f1.length + html.length + f2.length;
      let buffer = spare.pop();
      if (!buffer || buffer.length < size) buffer = Buffer.allocUnsafeSlow(size + 1024);
      let at = buffer.write(head, 0, "latin1");
      at += f0.copy(buffer, at);
      at += buffer.write(text, at, "latin1");
      at += f1.copy(buffer, at);
      at += buffer.write(html, at, "latin1");
      at += f2.copy(buffer, at);
      let released = false;
      return {
        envelope: { from: fromAddress, to: [to.email] },
        raw: buffer.subarray(0, at),
        release() {
          if (released) return;
          released = true;
          if (spare.length < SPARE_BUFFERS) spare.push(buffer);
        },
      };
    },
  };
}
