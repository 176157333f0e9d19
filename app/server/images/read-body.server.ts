import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES, validateImageFile } from "~/domain/upload";
import { BodyTooLargeError, readBody } from "../http/read-body.server";
import { ImageRejectedError, UPLOAD_REJECTIONS } from "./upload-errors.server";

/**
 * The uploaded file, the raw request body, at most `limit` bytes of it, or ImageRejectedError
 * with the message the admin sees. A body over the limit is refused with the size message of
 * product.md#images as soon as it is known (declared, or read past the limit); the HTTP shell
 * drops the rest once the answer is sent.
 */
export async function readUploadBody(request: Request, limit = MAX_IMAGE_BYTES): Promise<Buffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(request, { limit });
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      // validateImageFile checks the type first, and the type is not known yet.
      throw new ImageRejectedError(validateImageFile({ type: ALLOWED_IMAGE_TYPES[0], size: error.size })!, 413);
    }
    throw new ImageRejectedError(UPLOAD_REJECTIONS.incomplete, 400, error);
  }
  if (bytes.byteLength === 0) throw new ImageRejectedError(UPLOAD_REJECTIONS.empty, 400);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
