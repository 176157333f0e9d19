import { fileTooLargeMessage, IMAGE_MESSAGES, UPLOAD_ERROR_MESSAGES } from "./messages";

/** product.md#images: the image types an admin may upload. */
export const ALLOWED_IMAGE_TYPES = [
  "image/jpeg",
  "image/jpg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/bmp",
  "image/tiff",
] as const;

/** 20 MB; a file of exactly this size is allowed. */
export const MAX_IMAGE_BYTES = 20971520;

/**
 * product.md#images: the message for a file that may not be uploaded, or null when it may. The size
 * in the message is in MiB with two decimals ('21.00'), the unit the 20MB limit is in.
 */
export function validateImageFile(file: { type: string; size: number }): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return IMAGE_MESSAGES.invalidFileType;
  if (file.size > MAX_IMAGE_BYTES) return fileTooLargeMessage((file.size / 1024 / 1024).toFixed(2));
  return null;
}

/**
 * Upload error mapping (product.md#upload-errors). Codes may carry the 'storage/' prefix of the original
 * hosted storage client or not; both spellings of cancelled are accepted.
 */
export function mapUploadError(code: string, message?: string): string {
  switch (code.replace(/^storage\//, "")) {
    case "unauthorized":
      return UPLOAD_ERROR_MESSAGES.unauthorized;
    case "canceled":
    case "cancelled":
      return UPLOAD_ERROR_MESSAGES.canceled;
    case "unknown":
      return UPLOAD_ERROR_MESSAGES.unknown;
    case "timeout":
      return UPLOAD_ERROR_MESSAGES.timeout;
    default:
      return message?.trim() || UPLOAD_ERROR_MESSAGES.fallback;
  }
}
