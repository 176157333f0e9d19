import { UPLOAD_TIMEOUT_MS } from "~/domain/constants";
import { IMAGE_FORMAT_TYPES, SIGNATURE_BYTES, sniffImageFormat } from "~/domain/image-signature";
import type { ImageFolder } from "~/domain/image-urls";
import { validateImageFile } from "~/domain/upload";
import { ADMIN_IMAGES_PATH } from "~/domain/admin-links";

export type UploadedImage = { url: string; width: number; height: number };

/** Why an upload failed: a transport code for mapUploadError, or the server's own message. */
export class UploadFailure extends Error {
  constructor(
    readonly code: "unauthorized" | "canceled" | "unknown" | "timeout" | "rejected",
    message = "",
  ) {
    super(message);
  }
}

/**
 * The message for a file that may not be uploaded (product.md#images), or null. Like the server, it judges
 * the type by the file's first bytes, so a renamed document is refused before it is sent.
 */
export async function checkImageFile(file: Blob): Promise<string | null> {
  const start = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const format = sniffImageFormat(start);
  return validateImageFile({ type: format ? IMAGE_FORMAT_TYPES[format].mime : "", size: file.size });
}

export type UploadOptions = {
  folder?: ImageFolder;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/**
 * Sends one file to the image endpoint as the raw request body, reporting its progress
 * (sendFile). product.md#images.
 */
export function uploadImage(file: File, { folder, ...options }: UploadOptions = {}): Promise<UploadedImage> {
  const query = new URLSearchParams({ name: file.name });
  if (folder) query.set("folder", folder);
  return sendFile(
    `${ADMIN_IMAGES_PATH}?${query}`,
    file,
    file.type || "application/octet-stream",
    options,
    readResponse,
  );
}

/**
 * POSTs one file as the raw request body and reads the answer with `read` (a value, or the
 * UploadFailure it stands for). XMLHttpRequest rather than fetch because only it reports upload
 * progress: the images and a ride's GPX route are both sent this way.
 *
 * The 30 s time-out (product.md#images) counts from the last sign of life, not from the start: a 20 MB photo
 * on a slow but working mobile uplink takes minutes and must not be cut off, while a stalled
 * connection (no progress, or no answer once sent) fails after 30 s. It is our own timer,
 * not xhr.timeout, so it behaves the same in every browser and tests can fast-forward it.
 */
export function sendFile<T>(
  url: string,
  file: File,
  contentType: string,
  { onProgress, signal, timeoutMs = UPLOAD_TIMEOUT_MS }: Omit<UploadOptions, "folder">,
  read: (xhr: XMLHttpRequest) => T | UploadFailure,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let failure: UploadFailure | undefined;
    const fail = (reason: UploadFailure) => {
      failure ??= reason;
      xhr.abort();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(new UploadFailure("timeout")), timeoutMs);
    };
    restartTimer();
    const onAbortSignal = () => fail(new UploadFailure("canceled"));
    signal?.addEventListener("abort", onAbortSignal, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbortSignal);
    };

    xhr.upload.addEventListener("progress", (event) => {
      restartTimer();
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    // Sent: the server now has 30 s to answer.
    xhr.upload.addEventListener("load", restartTimer);
    xhr.addEventListener("abort", () => {
      settle();
      reject(failure ?? new UploadFailure("canceled"));
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(new UploadFailure("unknown"));
    });
    xhr.addEventListener("load", () => {
      settle();
      const result = read(xhr);
      if (result instanceof UploadFailure) reject(result);
      else resolve(result);
    });

    xhr.open("POST", url);
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.setRequestHeader("Accept", "application/json");
    if (signal?.aborted) fail(new UploadFailure("canceled"));
    else xhr.send(file);
  });
}

function readResponse(xhr: XMLHttpRequest): UploadedImage | UploadFailure {
  // A signed-out admin is refused (401/403) or redirected to the sign-in page.
  const redirectedAway = xhr.responseURL !== "" && new URL(xhr.responseURL).pathname !== ADMIN_IMAGES_PATH;
  if (xhr.status === 401 || xhr.status === 403 || redirectedAway) return new UploadFailure("unauthorized");
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    return new UploadFailure("rejected");
  }
  if (xhr.status >= 200 && xhr.status < 300 && isUploadedImage(body)) return body;
  const message =
    typeof body === "object" && body !== null && "error" in body && typeof body.error === "string" ? body.error : "";
  return new UploadFailure("rejected", message);
}

function isUploadedImage(body: unknown): body is UploadedImage {
  return (
    typeof body === "object" &&
    body !== null &&
    "url" in body &&
    typeof body.url === "string" &&
    "width" in body &&
    typeof body.width === "number" &&
    "height" in body &&
    typeof body.height === "number"
  );
}
