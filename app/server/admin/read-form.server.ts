import { data } from "react-router";
import { BodyTooLargeError, readBody } from "../http/read-body.server";

/**
 * The most an admin form may send. The largest is a ride's captains, one id per ticked box:
 * 64 KiB holds well over a thousand of them.
 */
export const MAX_ADMIN_FORM_BYTES = 64 * 1024;

export const FORM_MESSAGES = {
  notAForm:
    "This request could not be read: its data must be sent as a form (application/x-www-form-urlencoded or multipart/form-data). Nothing was changed.",
  broken: "This request could not be read: its form data is incomplete or malformed. Nothing was changed.",
  tooLarge: "This request is too large to be a form of this site. Nothing was changed.",
} as const;

export type AdminForm = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; message: string };

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The form an admin page posted, or why it cannot be read. Anything else (JSON, plain text, no
 * type, a broken multipart body, more than `maxBytes`) is refused before any field is looked
 * at: read as an empty form it would have passed for "nothing ticked", e.g. a ride without
 * captains.
 */
export async function readAdminForm(request: Request, maxBytes = MAX_ADMIN_FORM_BYTES): Promise<AdminForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPE.test(type)) return { ok: false, status: 415, message: FORM_MESSAGES.notAForm };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(request, { limit: maxBytes });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, message: FORM_MESSAGES.tooLarge };
    return { ok: false, status: 400, message: FORM_MESSAGES.broken };
  }
  try {
    return { ok: true, form: await new Response(bytes, { headers: { "content-type": type } }).formData() };
  } catch {
    return { ok: false, status: 400, message: FORM_MESSAGES.broken };
  }
}

/** The refusal of a form that could not be read, as a page's action answers it. */
export function unreadableForm(refusal: Extract<AdminForm, { ok: false }>) {
  return data({ ok: false as const, message: refusal.message }, { status: refusal.status });
}
