/**
 * Uploads that never complete (review, serious): a body that errors, stops or
 * is cut by the client part-way through a file. Every path must settle, close
 * the temporary file and remove it; nothing may stay in `uploads/.incoming`.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { createReadableStreamFromReadable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors.server";
import { clearIncomingUploads, IMAGES_ONLY } from "~/domain/media/file-store.server";
import { readEnv } from "~/platform/env.server";
import { uploadImage } from "~/web/crud.server";
import { receiveMultipart } from "~/web/uploads.server";

/** A 1×1 PNG, followed by filler so the file is well under way when the body breaks. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const BOUNDARY = "----inkwell-abort-boundary";
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="collection"\r\n\r\nposts\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`,
);
const CHUNK = Buffer.alloc(64 * 1024, 7);
const options = {
  maxFileBytes: 50 * 1024 * 1024,
  accept: IMAGES_ONLY,
  fileFields: ["file"],
  maxFiles: 1,
};

const incomingDir = () => join(readEnv().uploadsDir, ".incoming");
const incomingLeft = () => (existsSync(incomingDir()) ? readdirSync(incomingDir()) : []);
/** This process's open descriptors that point into `.incoming`. */
function openIncomingFds() {
  const dir = incomingDir();
  return readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  });
}

/** Resolves with what the promise settled to, or "pending" after `ms`. */
async function within<T>(promise: Promise<T>, ms = 5000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"pending">((resolve) => {
    timer = setTimeout(() => resolve("pending"), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function streamedRequest(body: ReadableStream<Uint8Array>, signal?: AbortSignal) {
  return new Request("http://127.0.0.1:3500/upload/image", {
    method: "POST",
    body: body as unknown as BodyInit,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
    signal,
  } as RequestInit);
}

/** Sends the head, the PNG and `chunks` filler chunks, then calls `end`. */
function partialBody(
  chunks: number,
  end: (controller: ReadableStreamDefaultController<Uint8Array>) => void | Promise<void>,
  onCancel?: () => void,
) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(HEAD));
      controller.enqueue(new Uint8Array(PNG));
    },
    async pull(controller) {
      if (sent < chunks) {
        sent++;
        controller.enqueue(new Uint8Array(CHUNK));
        return;
      }
      await end(controller);
    },
    cancel() {
      onCancel?.();
    },
  });
}

afterEach(() => {
  expect(incomingLeft()).toEqual([]);
  expect(openIncomingFds()).toEqual([]);
});

describe("an upload whose body breaks part-way", () => {
  it("settles with 400 when the request stream errors mid-file, and removes the partial file", async () => {
    const body = partialBody(4, (controller) => controller.error(new Error("connection reset")));
    const result = await within(receiveMultipart(streamedRequest(body), options));
    expect(result).not.toBe("pending");
    if (result === "pending" || result.ok) throw new Error("expected a refusal");
    expect(result.error).toBeInstanceOf(DomainError);
    expect((result.error as DomainError).status).toBe(400);
  });

  it("settles when the body stalls and the client goes away (the request is aborted), and cancels the body", async () => {
    const abort = new AbortController();
    let cancelled = false;
    const body = partialBody(
      4,
      () => new Promise<void>(() => {}), // the client sends nothing more
      () => {
        cancelled = true;
      },
    );
    const pending = receiveMultipart(streamedRequest(body, abort.signal), options);
    await waitFor(() => incomingLeft().length === 1);
    abort.abort();
    const result = await within(pending);
    expect(result).not.toBe("pending");
    if (result === "pending" || result.ok) throw new Error("expected a refusal");
    expect((result.error as DomainError).status).toBe(400);
    expect(cancelled).toBe(true);
  });

  it("settles with 400 when the body simply ends part-way through a file", async () => {
    const body = partialBody(3, (controller) => controller.close());
    const result = await within(receiveMultipart(streamedRequest(body), options));
    if (result === "pending" || result.ok) throw new Error("expected a refusal");
    expect((result.error as DomainError).status).toBe(400);
  });

  it("POST /upload/image without a key: a broken body ends the call instead of hanging", async () => {
    const body = partialBody(4, (controller) => controller.error(new Error("socket hang up")));
    const result = await within(
      uploadImage(streamedRequest(body), async () => {
        throw new Error("never reached: the body is read first");
      }),
    );
    if (result === "pending" || result.ok) throw new Error("expected a refusal");
    expect((result.error as DomainError).status).toBe(400);
  });

  it("a refused but healthy upload is still drained so the client reads the 413", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(HEAD));
        controller.enqueue(new Uint8Array(PNG));
      },
      pull(controller) {
        if (pulled >= 40) {
          controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
          controller.close();
          return;
        }
        pulled++;
        controller.enqueue(new Uint8Array(CHUNK));
      },
    });
    const result = await within(
      receiveMultipart(streamedRequest(body), { ...options, maxFileBytes: 200 * 1024 }),
    );
    if (result === "pending" || result.ok) throw new Error("expected a refusal");
    expect((result.error as DomainError).status).toBe(413);
    // The rest of the body (2.5 MB, under the 64 MB drain) is read to its end.
    await waitFor(() => pulled >= 40);
  });
});

describe("a real HTTP client that disconnects mid-upload", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it("leaves no partial file and no open descriptor, and the handler returns", async () => {
    let handled: Promise<unknown> | undefined;
    server = createServer((req, res) => {
      // The request the way @react-router/express builds it (body stream + abort on close).
      const controller = new AbortController();
      res.on("close", () => controller.abort());
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: { "Content-Type": req.headers["content-type"] ?? "" },
        body: createReadableStreamFromReadable(req),
        duplex: "half",
        signal: controller.signal,
      } as RequestInit);
      handled = uploadImage(request, async () => {
        throw new Error("never reached");
      }).then(
        () => res.end("stored"),
        (error: unknown) => {
          res.statusCode = error instanceof DomainError ? error.status : 500;
          res.end();
          throw error;
        },
      );
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("no port");

    const socket = connect(address.port, "127.0.0.1");
    socket.on("error", () => {});
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /upload/image HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(HEAD);
    socket.write(PNG);
    for (let i = 0; i < 8; i++) socket.write(CHUNK);
    await waitFor(() => incomingLeft().length === 1 && openIncomingFds().length === 1);
    socket.destroy();

    await waitFor(() => handled !== undefined);
    const result = await within(handled as Promise<unknown>);
    expect(result).not.toBe("pending");
    if (result === "pending" || result.ok) throw new Error("expected a refusal");
    expect((result.error as DomainError).status).toBe(400);
  });
});

describe("start-up", () => {
  it("removes what an earlier run left in uploads/.incoming", async () => {
    mkdirSync(incomingDir(), { recursive: true });
    writeFileSync(join(incomingDir(), "left-over"), "partial");
    clearIncomingUploads();
    expect(incomingLeft()).toEqual([]);
  });
});

async function waitFor(condition: () => boolean, ms = 5000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
