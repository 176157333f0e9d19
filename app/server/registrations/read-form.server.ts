import { firstTextFields } from "~/domain/form-fields";
import { MAX_IMAGE_BYTES } from "~/domain/upload";

/**
 * The most a rider's form may send. The registration form's fields are bounded to a few
 * hundred characters each (registration-input.ts); 16 KiB holds all of them, percent-encoded,
 * several times over.
 */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * How much of a form past MAX_FORM_BYTES is read and dropped before the answer: the largest
 * body the site takes anywhere (a photo), which the proxies of docs/deploy.md let through.
 */
export const MAX_DISCARD_BYTES = MAX_IMAGE_BYTES;

export type FormFields = Record<string, string>;

/** A form past the limit keeps the fields it held within it, so the page can give them back. */
export type ReadForm = { ok: true; fields: FormFields } | { ok: false; tooLarge: true; fields: FormFields };

export type Read = { bytes: Uint8Array<ArrayBuffer>; complete: boolean };

/**
 * The first `maxBytes` of the body, and whether that was all of it. A longer body is read on
 * to its end (up to MAX_DISCARD_BYTES) and dropped before anyone answers it: a client, or a
 * proxy, that reads the answer only once it has sent everything would otherwise see the
 * connection cut under it while it is still sending. Past MAX_DISCARD_BYTES the rest stays
 * unread; the HTTP shell drains it after the answer, or cuts it (server/unread-bodies.ts).
 */
export async function readFirst(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Read> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size <= maxBytes) chunks.push(value);
    size += value.byteLength;
    if (size > MAX_DISCARD_BYTES) {
      reader.releaseLock();
      break;
    }
  }
  const bytes = new Uint8Array(Buffer.concat(chunks)).subarray(0, maxBytes);
  return { bytes, complete: size <= maxBytes };
}

/** The fields of a url-encoded form cut short: those whose value ended before the cut. */
function completeFields(text: string): FormFields {
  const end = text.lastIndexOf("&");
  return end === -1 ? {} : firstTextFields(new URLSearchParams(text.slice(0, end)));
}

/**
 * A form post of a public page, read up to `maxBytes`: a larger body is refused, with the
 * url-encoded fields that fit (a multipart one cut short gives none). A body that is not a
 * form (or a broken one) reads as an empty form, so the rider gets the messages of the
 * required fields, never an error page.
 */
export async function readSmallForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<ReadForm> {
  const tooLarge = (fields: FormFields = {}): ReadForm => ({ ok: false, tooLarge: true, fields });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_DISCARD_BYTES) return tooLarge();
  if (!request.body) return { ok: true, fields: {} };
  const read = await readFirst(request.body, maxBytes).catch(() => ({ bytes: new Uint8Array(), complete: true }));
  const type = request.headers.get("content-type") ?? "";
  const urlencoded = /^application\/x-www-form-urlencoded\b/i.test(type);
  if (!read.complete) return tooLarge(urlencoded ? completeFields(new TextDecoder().decode(read.bytes)) : {});
  try {
    if (urlencoded) {
      return { ok: true, fields: firstTextFields(new URLSearchParams(new TextDecoder().decode(read.bytes))) };
    }
    if (/^multipart\/form-data\b/i.test(type)) {
      const form = await new Response(read.bytes, { headers: { "content-type": type } }).formData();
      return { ok: true, fields: firstTextFields(form) };
    }
  } catch {
    // A broken body: read as empty below.
  }
  return { ok: true, fields: {} };
}
