/**
 * The operator contract (docs/operations.md): every variable is optional and read
 * here, once per call, so tests can point a module at a fresh DATA_DIR.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3500),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default("admin@inkwell.local"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must have at least 8 characters").optional(),
  SEED_DEMO: z.enum(["0", "1", "false", "true"]).default("1"),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must have at least 16 characters").optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).optional(),
  /**
   * Which proxies' X-Forwarded-For is believed (docs/operations.md): off by
   * default; a hop count ("1": one nginx in front) or a comma-separated list
   * of proxy addresses or subnets ("10.0.0.2, 10.1.0.0/16").
   */
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): number | string[] | false => {
      const v = value.trim().toLowerCase();
      if (v === "" || v === "0" || v === "false" || v === "off") return false;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.some((item) => !/^[0-9a-f.:]+(\/\d{1,3})?$/.test(item))) {
        ctx.addIssue({
          code: "custom",
          message: `TRUST_PROXY: "${value}" is not a hop count or a list of proxy addresses`,
        });
        return z.NEVER;
      }
      return list;
    })
    .optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$/i, "DKIM_SELECTOR must be a DNS label")
    .optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "DKIM_DOMAIN must be a domain like example.com")
    .optional(),
  ALLOWED_ORIGINS: z
    .string()
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of value.split(",").map((s) => s.trim())) {
        if (!item) continue;
        const parsed = URL.canParse(item) ? new URL(item) : null;
        if (
          !parsed ||
          !/^https?:$/.test(parsed.protocol) ||
          parsed.origin !== item.replace(/\/+$/, "")
        ) {
          ctx.addIssue({
            code: "custom",
            message: `ALLOWED_ORIGINS: "${item}" is not an origin like https://app.example.com`,
          });
          return z.NEVER;
        }
        origins.push(parsed.origin);
      }
      return origins;
    })
    .optional(),
  /** `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: 404 (docs/operations.md). */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must have at least 16 characters").optional(),
  /** `/readyz` fails below this much free space in DATA_DIR (docs/decisions/270-readiness-checks.md). */
  READY_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  /**
   * Host names or addresses outgoing requests (federation, Webmention, WebSub, webhooks) may reach
   * on private, loopback or link-local addresses, comma-separated (docs/operations.md "Outgoing
   * requests"); unset: none.
   */
  OUTBOUND_ALLOW_HOSTS: z.string().optional(),
  NODE_ENV: z.string().default("development"),
});

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databasePath: string;
  publicUrl: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** DKIM signing key (PEM); unset: one generated into DATA_DIR (newsletters/dkim.server.ts). */
  dkimPrivateKey: string | undefined;
  dkimSelector: string;
  /** The signing domain; unset: the domain of MAIL_FROM. */
  dkimDomain: string | undefined;
  /** Origins of separate front ends allowed to call the JSON API (CORS). */
  allowedOrigins: string[];
  /** Express's `trust proxy`: false (off), a hop count or proxy addresses. */
  trustProxy: number | string[] | false;
  /** The bearer token `/metrics` asks for; undefined: `/metrics` is not served. */
  metricsToken: string | undefined;
  /** Free space (MB) `/readyz` requires in DATA_DIR; 0 leaves the check out. */
  readyMinFreeMb: number;
  /** OUTBOUND_ALLOW_HOSTS, lowercased. */
  outboundAllowHosts: string[];
  isProduction: boolean;
};

/** Empty strings count as unset, so `PUBLIC_URL= npm start` behaves like no variable. */
function definedOnly(source: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

const ENV_KEYS = Object.keys(EnvSchema.shape);
let lastRead: { key: string; env: Env } | undefined;

let settled = false;

/**
 * The production server's environment does not change while it runs: once
 * its start-up has read it, process.env is not looked at again (each look
 * reads every variable the schema names, several times a request). Tests and
 * the dev server keep seeing changes.
 */
export function settleEnv() {
  settled = lastRead !== undefined;
}

/**
 * The validated environment. Reading process.env is parsed once per distinct
 * set of values (every request reads it several times); another source is
 * always parsed.
 */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source !== process.env) return parseEnv(source);
  if (settled && lastRead) return lastRead.env;
  const key = ENV_KEYS.map((k) => source[k] ?? "").join("\0");
  if (lastRead?.key !== key) lastRead = { key, env: parseEnv(source) };
  return lastRead.env;
}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(definedOnly(source));
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: join(dataDir, "uploads"),
    outboxDir: join(dataDir, "outbox"),
    databasePath: join(dataDir, "app.db"),
    publicUrl,
    adminEmail: e.ADMIN_EMAIL.trim().toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO === "1" || e.SEED_DEMO === "true",
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Inkwell <no-reply@${new URL(publicUrl).hostname}>`,
    dkimPrivateKey: e.DKIM_PRIVATE_KEY?.replace(/\\n/g, "\n"),
    dkimSelector: (e.DKIM_SELECTOR ?? "inkwell").toLowerCase(),
    dkimDomain: e.DKIM_DOMAIN?.toLowerCase(),
    allowedOrigins: e.ALLOWED_ORIGINS ?? [],
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    readyMinFreeMb: e.READY_MIN_FREE_MB,
    outboundAllowHosts: (e.OUTBOUND_ALLOW_HOSTS ?? "")
      .split(",")
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ""),
      )
      .filter(Boolean),
    isProduction: e.NODE_ENV === "production",
  };
}

export function ensureDataDirs(env: Env = readEnv()) {
  for (const dir of [env.dataDir, env.uploadsDir, env.outboxDir]) {
    mkdirSync(dir, { recursive: true });
  }
}

/**
 * SESSION_SECRET, or a random secret generated once into DATA_DIR so sessions
 * survive restarts without the operator having to set anything.
 */
export function sessionSecret(env: Env = readEnv()): string {
  if (env.sessionSecret) return env.sessionSecret;
  const file = join(env.dataDir, "session-secret");
  // Read once per data folder: cookies, tokens and the newsletter's
  // unsubscribe links ask for it on every request and every message.
  if (storedSecret?.file === file) return storedSecret.secret;
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 16) {
      storedSecret = { file, secret: stored };
      return stored;
    }
  }
  mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  storedSecret = { file, secret };
  return secret;
}

let storedSecret: { file: string; secret: string } | undefined;

/** Cookies are `Secure` only when the site is served over https. */
export function cookiesAreSecure(env: Env = readEnv()) {
  return env.publicUrl.startsWith("https://");
}
