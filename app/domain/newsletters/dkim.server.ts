/**
 * DKIM: every newsletter message is signed (nodemailer's own signer) with a
 * key given by DKIM_PRIVATE_KEY, or one generated on first start into
 * `DATA_DIR/dkim-private.pem`. The signing domain is DKIM_DOMAIN, else the
 * domain of MAIL_FROM, so the signature aligns with the From address (DMARC).
 * Settings › Mail shows the DNS records to publish (docs/decisions/120-dkim.md).
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import type { Env } from "~/platform/env.server";

/**
 * The headers the signature covers: From, To, Subject, Date and the list
 * headers a mailbox provider relies on for one-click unsubscribe.
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "To",
  "Subject",
  "Date",
  "Message-ID",
  "MIME-Version",
  "Content-Type",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
].join(":");

export type DkimSigning = {
  domainName: string;
  keySelector: string;
  privateKey: string;
  headerFieldNames: string;
};

/** The domain of the From address (MAIL_FROM). */
export function mailFromDomain(env: Env): string {
  const address = addressparser(env.mailFrom, { flatten: true })[0]?.address || env.mailFrom;
  return (address.split("@").pop() ?? "").trim().toLowerCase();
}

const keyFile = (env: Env) => join(env.dataDir, "dkim-private.pem");

let cache: { key: string; pem: string; object: KeyObject } | undefined;

/** The private key: DKIM_PRIVATE_KEY, or the one in DATA_DIR, generated when missing. */
export function dkimPrivateKey(env: Env): { pem: string; object: KeyObject } {
  const cacheKey = `${env.dkimPrivateKey ?? ""}\n${env.dataDir}`;
  if (cache?.key === cacheKey) return cache;
  let pem = env.dkimPrivateKey;
  if (!pem) {
    const file = keyFile(env);
    if (existsSync(file)) pem = readFileSync(file, "utf8");
    else {
      const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
      pem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      mkdirSync(env.dataDir, { recursive: true });
      writeFileSync(file, pem, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const object = createPrivateKey(pem);
  cache = { key: cacheKey, pem, object };
  return cache;
}

/** The `dkim` option of a nodemailer message. */
export function dkimSigning(env: Env): DkimSigning {
  return {
    domainName: env.dkimDomain ?? mailFromDomain(env),
    keySelector: env.dkimSelector,
    privateKey: dkimPrivateKey(env).pem,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}

export type MailDnsRecord = { purpose: string; name: string; type: "TXT"; value: string };

/**
 * The records to publish (DKIM) and to check (SPF, DMARC) for the From
 * domain. SPF and DMARC are suggestions: the operator's mail provider may
 * need its own `include:`.
 */
export function mailDnsRecords(env: Env): { fromDomain: string; records: MailDnsRecord[] } {
  const signing = dkimSigning(env);
  const publicKey = createPublicKey(dkimPrivateKey(env).object)
    .export({ type: "spki", format: "der" })
    .toString("base64");
  const fromDomain = mailFromDomain(env);
  return {
    fromDomain,
    records: [
      {
        purpose: "DKIM (publish)",
        name: `${signing.keySelector}._domainkey.${signing.domainName}`,
        type: "TXT",
        value: `v=DKIM1; k=rsa; p=${publicKey}`,
      },
      {
        purpose: "SPF (check)",
        name: fromDomain,
        type: "TXT",
        value: "v=spf1 mx a ~all",
      },
      {
        purpose: "DMARC (check)",
        name: `_dmarc.${fromDomain}`,
        type: "TXT",
        value: `v=DMARC1; p=none; rua=mailto:postmaster@${fromDomain}`,
      },
    ],
  };
}
