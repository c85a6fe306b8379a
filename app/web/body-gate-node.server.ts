/**
 * A request body between the socket and whoever reads it (docs/operations.md "Limits and
 * timeouts", docs/decisions/170-request-bodies.md). Node's HTTP parser hands every piece of a
 * body to the request stream's `push`; the gate takes its place, so the bytes are counted as they
 * arrive, whatever their encoding (declared length or chunked; form, multipart, JSON, XML), before
 * any route reads or buffers them.
 *
 * - `hold`: the pieces stay here, at most the limit, until the body is whole; only then does the
 *   route run, on the whole body. Bodies of clients not signed in (small forms) go this way, so a
 *   route never reads an anonymous body larger than its limit, nor waits on a slow one.
 * - `pass`: the pieces go straight on to the stream, counted (uploads and staff forms).
 * - Past the limit the gate calls its `onOverflow` and drops everything after; the caller answers
 *   413 and `linger`s, so a client still sending receives the answer instead of a reset.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

const MB = 1024 * 1024;

/** After a refusal: how long, and how much, the rest of a body is read and thrown away. */
export const LINGER = { ms: 5_000, bytes: 64 * MB };

type Push = (chunk: unknown, encoding?: BufferEncoding) => boolean;

const byteLength = (chunk: unknown) =>
  Buffer.isBuffer(chunk) || chunk instanceof Uint8Array
    ? chunk.byteLength
    : Buffer.byteLength(String(chunk));

export class BodyGate {
  private mode: "hold" | "pass" | "drop" = "hold";
  private held: [unknown, BufferEncoding | undefined][] = [];
  private size = 0;
  private whole = false;
  private readonly push: Push;
  private onWhole: (() => void) | null = null;
  /** Bytes allowed; while the route's kind is not known yet, beyond it the socket pauses. */
  limit: number;
  /** Whether `limit` is the route's own (past it: overflow) or a first guess (past it: pause). */
  private decided = false;
  private onOverflow: () => void = () => {};
  /** Called when a dropped body has ended (the connection may close). */
  onDropped: (() => void) | null = null;

  constructor(
    private readonly req: IncomingMessage,
    firstLimit: number,
  ) {
    this.limit = firstLimit;
    this.push = req.push.bind(req) as Push;
    req.push = ((chunk: unknown, encoding?: BufferEncoding) =>
      this.receive(chunk, encoding)) as IncomingMessage["push"];
  }

  /** True once the whole body has arrived (or been dropped). */
  get complete(): boolean {
    return this.whole;
  }

  private receive(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) {
      this.whole = true;
      if (this.mode === "pass") return this.push(null);
      if (this.mode === "hold") this.onWhole?.();
      else this.onDropped?.();
      return false;
    }
    this.size += byteLength(chunk);
    if (this.mode === "drop") return true;
    if (this.size > this.limit && this.decided) {
      this.overflow();
      return true;
    }
    if (this.mode === "pass") return this.push(chunk, encoding);
    this.held.push([chunk, encoding]);
    // Not decided yet and over the first guess: the socket pauses until the kind is known.
    return this.size <= this.limit;
  }

  private overflow() {
    this.mode = "drop";
    this.held = [];
    this.req.socket?.resume();
    this.onOverflow();
  }

  /**
   * The route's own limit is known. `hold`: `ready` runs once the whole body is here (at once
   * when it already is); otherwise the body so far goes on to the stream and `ready` runs now.
   */
  decide(
    limit: number,
    hold: boolean,
    handlers: { ready: () => void; overflow: () => void },
  ): void {
    this.limit = limit;
    this.decided = true;
    this.onOverflow = handlers.overflow;
    if (this.size > limit) {
      this.overflow();
      return;
    }
    if (!hold) {
      this.release();
      handlers.ready();
      return;
    }
    // The route runs outside the parser's callback that completed the body.
    const ready = () => {
      this.release();
      setImmediate(handlers.ready);
    };
    if (this.whole) ready();
    else {
      this.onWhole = ready;
      this.req.socket?.resume();
    }
  }

  /** Gives what is held to the stream; from now on every piece goes straight on. */
  private release() {
    this.mode = "pass";
    for (const [chunk, encoding] of this.held) this.push(chunk, encoding);
    this.held = [];
    if (this.whole) this.push(null);
  }

  /** Stops feeding the stream (a refusal by method or origin): the rest is dropped. */
  drop() {
    this.mode = "drop";
    this.held = [];
    this.req.socket?.resume();
  }

  /** Whether the route is reading the body (the gate let it through). */
  get passing(): boolean {
    return this.mode === "pass";
  }
}

/** Connections answered and closing: a further request read on one is not served. */
const closing = new WeakSet<Socket>();

export function isLingering(socket: Socket): boolean {
  return closing.has(socket);
}

/**
 * Closes the connection after the answer without cutting off a client still sending its body
 * (as nginx's lingering close does; docs/decisions/172-lingering-close.md): once the answer is
 * written only the writing side is closed,
 * and what still arrives is read and thrown away until the body ends, LINGER.ms pass or
 * LINGER.bytes arrive; then the connection is closed. Returns what to call once the body has
 * ended.
 */
export function linger(req: IncomingMessage, res: ServerResponse): () => void {
  const socket = req.socket;
  res.shouldKeepAlive = false;
  if (closing.has(socket)) return () => {};
  closing.add(socket);
  // Node ends and destroys the connection once a closing answer is written (`destroySoon`).
  socket.destroySoon = function endOnly(this: Socket) {
    if (this.writable) this.end();
  };
  const startedAt = socket.bytesRead;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER.ms);
  const watch = setInterval(() => {
    if (socket.bytesRead - startedAt > LINGER.bytes) cut();
  }, 50);
  timer.unref();
  watch.unref();
  socket.once("close", () => {
    clearTimeout(timer);
    clearInterval(watch);
  });
  socket.resume();
  return () => {
    if (socket.destroyed) return;
    if (socket.writableFinished) cut();
    else socket.once("finish", cut);
  };
}
