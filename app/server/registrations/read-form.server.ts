import { firstTextFields } from "~/domain/form-fields";
import { MAX_IMAGE_BYTES } from "~/domain/upload";
import { BodyTooLargeError, readBody } from "../http/read-body.server";

/**
 * The most a rider's form may send. The registration form's fields are bounded to a few
 * hundred characters each (domain/registration/input.ts); 16 KiB holds all of them, percent-encoded,
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
  const type = request.headers.get("content-type") ?? "";
  const urlencoded = /^application\/x-www-form-urlencoded\b/i.test(type);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    // A longer body is read on to its end (up to MAX_DISCARD_BYTES) and dropped before anyone
    // answers it, so that a client still sending sees the answer, not a cut connection.
    bytes = await readBody(request, { limit: maxBytes, readUpTo: MAX_DISCARD_BYTES });
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) return { ok: true, fields: {} };
    const fields = urlencoded ? completeFields(new TextDecoder().decode(error.head)) : {};
    return { ok: false, tooLarge: true, fields };
  }
  try {
    if (urlencoded) return { ok: true, fields: firstTextFields(new URLSearchParams(new TextDecoder().decode(bytes))) };
    if (/^multipart\/form-data\b/i.test(type)) {
      const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
      return { ok: true, fields: firstTextFields(form) };
    }
  } catch {
    // A broken body: read as empty below.
  }
  return { ok: true, fields: {} };
}
