/**
 * A body longer than its reader takes: refused on its declared Content-Length before anything
 * was read (`declared`), or once the bytes read passed the limit. `size` is the declared length
 * or the bytes read by then; `head` the first `limit` bytes read (empty when declared), which a
 * form uses to give back the fields that fit.
 */
export class BodyTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
    readonly declared: boolean,
    readonly head: Uint8Array<ArrayBuffer> = new Uint8Array(),
  ) {
    super(`The request body (${size} bytes) is larger than ${limit} bytes.`);
  }
}

export type BodyLimit = {
  /** The most bytes a body may have. */
  limit: number;
  /**
   * How far into a longer body reading goes on, the rest dropped, before it is refused
   * (default `limit`: at once). A client or proxy that reads the answer only once it has sent
   * everything would otherwise see the connection cut under it while it is still sending. A
   * body declared longer than this is refused unread.
   */
  readUpTo?: number;
};

/**
 * The request body, at most `limit` bytes of it (no body reads as empty), or BodyTooLargeError.
 * At most `limit` bytes plus one chunk are ever held. Past `readUpTo` the rest stays unread:
 * not cancel(), which destroys the request's socket before the answer can go out; the HTTP
 * shell drains it after the answer, or cuts it (server/unread-bodies.ts). A connection that
 * breaks mid-body rejects with the stream's own error.
 */
export async function readBody(
  request: Request,
  { limit, readUpTo = limit }: BodyLimit,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > Math.max(limit, readUpTo))
    throw new BodyTooLargeError(declared, limit, true);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size <= limit) chunks.push(value);
    size += value.byteLength;
    if (size > readUpTo) {
      reader.releaseLock();
      break;
    }
  }
  // One copy into a buffer of its final size: a 20 MB photo is not held twice over.
  const bytes = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk.subarray(0, bytes.length - at), at);
    at += Math.min(chunk.byteLength, bytes.length - at);
  }
  if (size > limit) throw new BodyTooLargeError(size, limit, false, bytes);
  return bytes;
}
