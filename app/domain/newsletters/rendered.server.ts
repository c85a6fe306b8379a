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
import { escapeHtml } from "~/utils/escape";

const NAME = "X7NAMEX7";
const UNSUBSCRIBE = "X7UNSUBSCRIBEX7";
const TEXT = "X7TEXTPARTX7";
const HTML = "X7HTMLPARTX7";
/** Where the greeting and the link go in the marked parts; a NUL never occurs in content. */
const MARK = "\u0000";
const GREETING_MARK = `${MARK}N`;
const LINK_MARK = `${MARK}U`;

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
 * Signatures computed at once, on the thread pool (of 4 threads: one stays
 * free for file work). With one at a time the send waited for the signing
 * thread while the event loop sat idle 40 % of the time; with three,
 * `npm run bench:newsletter` went from about 1,800 to 2,500 messages/s at
 * 10,000 readers with the same peak memory (docs/performance.md#newsletters).
 */
const SIGNING_AT_ONCE = 3;
let signing = 0;
const signWaiting: (() => void)[] = [];

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

/** Encoded lines are at most this long, so a soft break ("=") after the last one still fits 76. */
const QP_LINE = 75;

/** Text as quoted-printable (trailing spaces encoded), wrapped to QP_LINE. */
const qp = (s: string) => qpWrap(qpEncode(Buffer.from(s, "utf8")), QP_LINE);

/** What fills a slot of a marked part: the greeting or the unsubscribe link. */
type Slot = "greeting" | "link";

/**
 * A marked part (text or HTML) quoted-printable encoded once: the encoded
 * pieces between the slots, each with its relaxed canonical form. A reader's
 * part is the pieces with that reader's greeting and link, each encoded on
 * its own, between them. Every value starts on a line of its own and ends
 * with a soft line break ("=" CRLF) unless a line break follows anyway, so
 * the encoding of a piece never depends on what a reader's values are, and
 * the decoded part is exactly the personalised text.
 */
type EncodedPart = {
  pieces: { raw: Buffer; canon: string }[];
  slots: Slot[];
  /** Whether a soft break goes before slot i (its piece does not end a line). */
  breakBefore: boolean[];
  /** Whether a soft break goes after slot i (the next piece does not start with a line break). */
  breakAfter: boolean[];
};

function encodePart(marked: string): EncodedPart {
  const crlf = marked.replace(/\r?\n/g, "\r\n");
  const split = crlf.split(new RegExp(`${MARK}([NU])`));
  const texts = split.filter((_, i) => i % 2 === 0);
  const slots = split
    .filter((_, i) => i % 2 === 1)
    .map((m): Slot => (m === "N" ? "greeting" : "link"));
  const encoded = texts.map(qp);
  return {
    pieces: encoded.map((e) => ({ raw: Buffer.from(e, "latin1"), canon: canonLines(e) })),
    slots,
    breakBefore: slots.map((_, i) => {
      const before = encoded[i] as string;
      return before !== "" && !before.endsWith("\n");
    }),
    breakAfter: slots.map((_, i) => {
      const after = encoded[i + 1] as string;
      const last = i === slots.length - 1;
      return !(after.startsWith("\r\n") || (last && after === ""));
    }),
  };
}

/** A reader's part: its pieces (Buffers, template) and values (strings, encoded), in order. */
function fillPart(part: EncodedPart, values: Record<Slot, string>) {
  const segments: (Buffer | string)[] = [];
  const canon: string[] = [];
  part.pieces.forEach((piece, i) => {
    segments.push(piece.raw);
    canon.push(piece.canon);
    const slot = part.slots[i];
    if (slot === undefined) return;
    const value = `${part.breakBefore[i] ? "=\r\n" : ""}${values[slot]}${part.breakAfter[i] ? "=\r\n" : ""}`;
    segments.push(value);
    canon.push(canonLines(value));
  });
  return { segments, canon };
}

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
    // The markers are plain short ASCII, for which nodemailer would declare
    // 7bit: the parts that replace them are quoted-printable, so say so.
    html: { content: HTML, contentTransferEncoding: "quoted-printable" },
    text: { content: TEXT, contentTransferEncoding: "quoted-printable" },
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
  const textPart = encodePart(markedText);
  const htmlPart = encodePart(markedHtml);
  // The signed headers in DKIM_SIGNED_HEADERS order: the template's as their
  // canonical line (worked out once), a reader's own (To, Message-ID,
  // List-Unsubscribe) by name.
  const OWN = ["to", "message-id", "list-unsubscribe"];
  const used = signedNames.filter(
    (n) =>
      OWN.includes(n.toLowerCase()) ||
      headers.some((h) => h.name.toLowerCase() === n.toLowerCase()),
  );
  const signedLines = used.map((n) => {
    const h = headers.find((x) => x.name.toLowerCase() === n.toLowerCase());
    return h ? canonHeader(h.name, h.value) : n.toLowerCase();
  });
  const staticHead = headers.map((h) => `${h.name}: ${h.value}`).join("\r\n");

  return {
    async forReader(to) {
      const token = unsubscribeToken(to.subscriberId, letter.audience, env);
      const unsubscribe = unsubscribeTokenUrl(env.publicUrl, token);
      const greeting = to.name ? `Hello ${to.name},` : "Hello,";
      const text = fillPart(textPart, { greeting: qp(greeting), link: qp(unsubscribe) });
      const html = fillPart(htmlPart, {
        greeting: qp(to.name ? `Hello ${escapeHtml(to.name)},` : "Hello,"),
        link: qp(escapeHtml(unsubscribe)),
      });
      const hash = createHash("sha256").update(canon[0] as string, "latin1");
      for (const c of text.canon) hash.update(c, "latin1");
      hash.update(canon[1] as string, "latin1");
      for (const c of html.canon) hash.update(c, "latin1");
      const bh = hash.update(canon[2] as string, "latin1").digest("base64");
      const own: Record<string, { name: string; value: string }> = {
        to: { name: "To", value: addressHeader(to.name, to.email) },
        "message-id": { name: "Message-ID", value: `<${randomUUID()}@${messageDomain}>` },
        "list-unsubscribe": {
          name: "List-Unsubscribe",
          value: `<${oneClickTokenUrl(env.publicUrl, token)}>`,
        },
      };
      const canonicalHeaders = signedLines.map((line) => {
        const h = own[line];
        return h ? canonHeader(h.name, h.value) : line;
      });
      const dkimValue =
        `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${signing.domainName}; q=dns/txt; ` +
        `s=${signing.keySelector}; t=${Math.floor(Date.now() / 1000)}; bh=${bh}; ` +
        `h=${used.map((n) => n.toLowerCase()).join(":")}; b=`;
      const data = `${canonicalHeaders.join("\r\n")}\r\n${canonHeader("DKIM-Signature", dkimValue)}`;
      const b = (await rsaSign(Buffer.from(data, "latin1"), key)).toString("base64");
      const head = `${[
        `DKIM-Signature: ${dkimValue}${b}`,
        ...Object.values(own).map((h) => `${h.name}: ${h.value}`),
        staticHead,
      ].join("\r\n")}\r\n\r\n`;
      // The bytes go into a buffer of an earlier reader's message that is done
      // with, rather than a fresh one per message: a fresh one lives outside
      // the V8 heap until a full collection, and they added up to tens of MB
      // of resident memory at a few hundred messages a second.
      const [f0, f1, f2] = frame as [Buffer, Buffer, Buffer];
      const segments = [head, f0, ...text.segments, f1, ...html.segments, f2];
      let size = 0;
      for (const segment of segments) size += segment.length;
      let buffer = spare.pop();
      if (!buffer || buffer.length < size) buffer = Buffer.allocUnsafeSlow(size + 1024);
      let at = 0;
      for (const segment of segments) {
        at +=
          typeof segment === "string"
            ? buffer.write(segment, at, "latin1")
            : segment.copy(buffer, at);
      }
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
