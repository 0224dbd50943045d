/**
 * Long-lived NDJSON answers (one JSON object per line) kept open by the server: the agent events stream and the
 * studio pages' bridge streams. Each sends a keepalive line now and then, so a dead connection is noticed on both
 * sides, and all of them end cleanly when the server closes (its close must never wait on an open stream).
 */
import { PassThrough } from 'node:stream';

export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';

export class NdjsonStreams {
  private readonly open = new Set<PassThrough>();

  constructor(private readonly keepaliveMs: number) {}

  /** A new open stream; `onClose` runs once when it ends, whoever ended it (the client, `end`, `closeAll`). */
  create(onClose?: () => void): PassThrough {
    const stream = new PassThrough();
    this.open.add(stream);
    const timer = setInterval(() => NdjsonStreams.write(stream, { type: 'keepalive' }), this.keepaliveMs);
    timer.unref();
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      this.open.delete(stream);
      onClose?.();
    };
    stream.once('close', close);
    stream.once('finish', close);
    stream.once('error', close);
    return stream;
  }

  /** Writes one line; false when the stream is gone. */
  static write(stream: PassThrough, value: unknown): boolean {
    if (stream.destroyed || stream.writableEnded) return false;
    stream.write(`${JSON.stringify(value)}\n`);
    return true;
  }

  broadcast(value: unknown): void {
    for (const stream of this.open) NdjsonStreams.write(stream, value);
  }

  get size(): number {
    return this.open.size;
  }

  closeAll(): void {
    for (const stream of [...this.open]) stream.end();
  }
}
