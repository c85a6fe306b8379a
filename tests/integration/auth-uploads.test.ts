import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { media, settings, users } from "#db/schema";
import { generateApiKey, hashPassword } from "~/domain/access/password.server";
import { DomainError } from "~/domain/errors.server";
import { IMAGES_ONLY, storeUpload } from "~/domain/media/file-store.server";
import { getDb } from "~/platform/db.server";
import {
  accountFailures,
  addressFailures,
  getOptionalUser,
  requireAdminScreen,
  requireApiUser,
  startSession,
  verifyCredentials,
} from "~/web/auth.server";
import { receiveMultipart } from "~/web/uploads.server";

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

function addUser(email: string, role: "Administrator" | "Author", password = "Secret-pass-1") {
  return getDb()
    .insert(users)
    .values({
      uid: crypto.randomUUID(),
      name: email.split("@")[0] ?? email,
      email,
      role,
      passwordHash: hashPassword(password),
      apiKey: generateApiKey(),
    })
    .returning()
    .get();
}

async function caught(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("sign-in", () => {
  beforeEach(() => {
    accountFailures.clear();
    addressFailures.clear();
  });

  it("accepts the right password, case-insensitively by email, and never returns the hash", () => {
    addUser("ada@example.com", "Administrator");
    const user = verifyCredentials({ email: " ADA@example.com ", password: "Secret-pass-1" });
    expect(user.email).toBe("ada@example.com");
    expect(user.role).toBe("Administrator");
    expect(JSON.stringify(user)).not.toMatch(/scrypt|apiKey/);
  });

  it("answers 400 for missing fields and 401 for a wrong password", async () => {
    const missing = await caught(() => verifyCredentials({ email: "", password: "" }));
    expect(missing).toBeInstanceOf(DomainError);
    expect((missing as DomainError).status).toBe(400);
    const wrong = await caught(() =>
      verifyCredentials({ email: "ada@example.com", password: "nope-nope" }),
    );
    expect((wrong as DomainError).status).toBe(401);
    expect((wrong as DomainError).message).toBe("Invalid email or password");
  });

  it("locks an account after five wrong passwords, even for the right one, while rate limiting is on", async () => {
    addUser("bob@example.com", "Author");
    for (let i = 0; i < 5; i++) {
      await caught(() =>
        verifyCredentials({ email: "bob@example.com", password: "wrong" }, "1.2.3.4"),
      );
    }
    const locked = await caught(() =>
      verifyCredentials({ email: "bob@example.com", password: "Secret-pass-1" }, "5.6.7.8"),
    );
    expect((locked as DomainError).status).toBe(429);
    expect((locked as DomainError).message).toMatch(/Too many failed sign-in attempts/);

    getDb().update(settings).set({ enableRateLimiting: false }).run();
    expect(verifyCredentials({ email: "bob@example.com", password: "Secret-pass-1" }).email).toBe(
      "bob@example.com",
    );
    getDb().update(settings).set({ enableRateLimiting: true }).run();
  });

  it("keeps the user in a signed session cookie and reads them back fresh", async () => {
    const row = addUser("cy@example.com", "Author");
    const user = verifyCredentials({ email: "cy@example.com", password: "Secret-pass-1" });
    const response = await startSession(
      new Request("http://127.0.0.1:3500/admin/login"),
      user,
      "//evil.example",
    );
    expect(response.headers.get("Location")).toBe("/admin/posts");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/__session=.*HttpOnly.*SameSite=Lax/i);
    const request = new Request("http://127.0.0.1:3500/admin/posts", {
      headers: { Cookie: cookie.split(";")[0] ?? "" },
    });
    expect((await getOptionalUser(request))?.id).toBe(row.id);

    const forbidden = await caught(
      requireAdminScreen(
        new Request("http://127.0.0.1:3500/admin/settings", { headers: request.headers }),
      ),
    );
    expect((forbidden as Response).headers.get("Location")).toBe("/unauthorised-access");

    const anonymous = await caught(
      requireAdminScreen(new Request("http://127.0.0.1:3500/admin/posts?page=2")),
    );
    expect((anonymous as Response).headers.get("Location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fposts%3Fpage%3D2",
    );
  });

  it("identifies API callers by apiKey: 401 for a wrong or missing key", async () => {
    const row = addUser("dee@example.com", "Author");
    const request = new Request("http://127.0.0.1:3500/crud/get/docs", { method: "POST" });
    expect((await requireApiUser(request, row.apiKey)).id).toBe(row.id);
    expect(((await caught(requireApiUser(request, "wrong"))) as DomainError).status).toBe(401);
    expect(((await caught(requireApiUser(request, undefined))) as DomainError).status).toBe(401);
  });
});

function uploadRequest(
  parts: { name: string; filename?: string; type?: string; body: Buffer | string }[],
) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename !== undefined) {
      form.append(
        part.name,
        new Blob([typeof part.body === "string" ? part.body : new Uint8Array(part.body)], {
          type: part.type ?? "application/octet-stream",
        }),
        part.filename,
      );
    } else {
      form.append(part.name, String(part.body));
    }
  }
  return new Request("http://127.0.0.1:3500/upload/image", { method: "POST", body: form });
}

const options = { maxFileBytes: 1024 * 1024, accept: IMAGES_ONLY, fileFields: ["file"] };

function incomingLeft() {
  const dir = join(process.env.DATA_DIR ?? "", "uploads", ".incoming");
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe("uploads", () => {
  it("stores an image under its collection with a generated name, dimensions and a media row", async () => {
    const form = await receiveMultipart(
      uploadRequest([
        { name: "file", filename: "../../etc/passwd.png", type: "image/png", body: PNG },
        { name: "collection", body: "posts" },
      ]),
      options,
    );
    expect(form.fields.collection).toBe("posts");
    const [file] = form.files;
    if (!file) throw new Error("no file");
    expect(file.originalName).toBe("passwd.png");
    const item = await storeUpload(getDb(), file, { collection: "posts", authorId: null });
    expect(item.url).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.png$/);
    expect(item.width).toBe(1);
    expect(item.height).toBe(1);
    const onDisk = join(process.env.DATA_DIR ?? "", "uploads", item.path);
    expect(readFileSync(onDisk).equals(PNG)).toBe(true);
    expect(getDb().select().from(media).where(eq(media.uid, item.uid)).get()?.name).toBe(
      "passwd.png",
    );
    expect(incomingLeft()).toEqual([]);
  });

  it("refuses a non-image named .png with 415 and keeps nothing", async () => {
    const error = await caught(
      receiveMultipart(
        uploadRequest([
          {
            name: "file",
            filename: "fake.png",
            type: "image/png",
            body: "<script>alert(1)</script>",
          },
        ]),
        options,
      ),
    );
    expect((error as DomainError).status).toBe(415);
    expect(incomingLeft()).toEqual([]);
  });

  it("stops reading a file at the limit with 413 and keeps nothing", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const error = await caught(
      receiveMultipart(
        uploadRequest([{ name: "file", filename: "big.png", type: "image/png", body: big }]),
        options,
      ),
    );
    expect((error as DomainError).status).toBe(413);
    expect((error as DomainError).message).toBe("The file is too large: the limit is 1 MB.");
    expect(incomingLeft()).toEqual([]);
  });

  it("answers 400 for a body that is not multipart", async () => {
    const error = await caught(
      receiveMultipart(
        new Request("http://127.0.0.1:3500/upload/image", { method: "POST", body: "x" }),
        options,
      ),
    );
    expect((error as DomainError).status).toBe(400);
  });
});
