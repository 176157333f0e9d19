import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES, validateImageFile } from "~/domain/upload";
import { ImageRejectedError, UPLOAD_REJECTIONS } from "./upload-errors.server";

/**
 * The size message (product.md#images) for a body whose type is not known yet
 * (validateImageFile checks the type first).
 */
export function tooLarge(bytes: number): ImageRejectedError {
  return new ImageRejectedError(validateImageFile({ type: ALLOWED_IMAGE_TYPES[0], size: bytes })!, 413);
}

/**
 * The request body, at most `limit` bytes of it. A declared Content-Length over the limit is
 * refused before reading anything; a body that turns out longer (chunked, or lying) is no
 * longer read as soon as it passes the limit, so at most `limit` bytes plus one chunk are ever
 * held.
 */
export async function readLimitedBody(request: Request, limit = MAX_IMAGE_BYTES): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared);
  if (!request.body) throw new ImageRejectedError(UPLOAD_REJECTIONS.empty, 400);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        // Not cancel(): that destroys the request's socket before the 413 can go out. The HTTP
        // shell drops the rest of the body once the answer is sent (server/unread-bodies.ts).
        reader.releaseLock();
        throw tooLarge(received);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(UPLOAD_REJECTIONS.incomplete, 400, error);
  }
  if (received === 0) throw new ImageRejectedError(UPLOAD_REJECTIONS.empty, 400);
  return Buffer.concat(chunks, received);
}
