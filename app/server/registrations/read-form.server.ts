/**
 * The most a rider's form may send. The registration form's fields are bounded to a few
 * hundred characters each (registration-input.ts); 16 KiB holds all of them, percent-encoded,
 * several times over.
 */
export const MAX_FORM_BYTES = 16 * 1024;

export type FormFields = Record<string, string>;

export type ReadForm = { ok: true; fields: FormFields } | { ok: false; tooLarge: true };

export async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // The rest stays unread; the HTTP shell drains it after the answer (server/unread-bodies.ts).
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The first value of each field name; files are no fields of ours. */
function fieldsOf(entries: Iterable<[string, FormDataEntryValue]>): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of entries) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/**
 * A form post of a public page, read up to `maxBytes`: a larger body is refused unread. A
 * body that is not a form (or a broken one) reads as an empty form, so the rider gets the
 * messages of the required fields, never an error page.
 */
export async function readSmallForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<ReadForm> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return { ok: false, tooLarge: true };
  if (!request.body) return { ok: true, fields: {} };
  const bytes = await readAtMost(request.body, maxBytes).catch(() => new Uint8Array());
  if (bytes === null) return { ok: false, tooLarge: true };
  const type = request.headers.get("content-type") ?? "";
  try {
    if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
      return { ok: true, fields: fieldsOf(new URLSearchParams(new TextDecoder().decode(bytes))) };
    }
    if (/^multipart\/form-data\b/i.test(type)) {
      const form = await new Response(bytes, { headers: { "content-type": type } }).formData();
      return { ok: true, fields: fieldsOf(form) };
    }
  } catch {
    // A broken body: read as empty below.
  }
  return { ok: true, fields: {} };
}
