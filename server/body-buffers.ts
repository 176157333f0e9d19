/**
 * Buffers for the bodies of cached pages, reused once a response has gone out. Each response
 * to a cached page needs its own copy (its own nonce and request id are written into it); a
 * fresh 50 KB buffer per response is memory outside V8's heap that makes it collect garbage
 * far more often under load, which showed as pauses in the slowest 1 % of responses.
 */
export class BodyBuffers {
  /** Spare buffers by capacity: sizes rounded up to a multiple of this. */
  static readonly STEP = 16 * 1024;
  readonly #spare = new Map<number, Buffer[]>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor({ maxBytes = 16 * 1024 * 1024 }: { maxBytes?: number } = {}) {
    this.#maxBytes = maxBytes;
  }

  /** A buffer of exactly `size` bytes, of unspecified content. */
  take(size: number): Buffer {
    const capacity = Math.max(BodyBuffers.STEP, Math.ceil(size / BodyBuffers.STEP) * BodyBuffers.STEP);
    const buffer = this.#spare.get(capacity)?.pop();
    if (buffer) this.#bytes -= capacity;
    return (buffer ?? Buffer.allocUnsafeSlow(capacity)).subarray(0, size);
  }

  /** Returns a buffer from take() that nothing reads any more; kept while under the limit. */
  give(buffer: Buffer): void {
    const capacity = buffer.buffer.byteLength;
    if (buffer.byteOffset !== 0 || capacity % BodyBuffers.STEP !== 0) return;
    if (this.#bytes + capacity > this.#maxBytes) return;
    const spare = this.#spare.get(capacity) ?? [];
    spare.push(Buffer.from(buffer.buffer, 0, capacity));
    this.#spare.set(capacity, spare);
    this.#bytes += capacity;
  }
}
