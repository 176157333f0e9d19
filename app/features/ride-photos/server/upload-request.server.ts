import { MAX_IMAGE_BYTES } from "~/domain/upload";
import { RIDER_PHOTOS_FIELD, photosTooLarge, tooManyPhotos } from "~/features/ride-photos/domain/rider-photos";
import type { Database } from "~/server/db/schema.server";
import { BodyTooLargeError, readBody } from "~/server/http/read-body.server";
import { beginBookingChange, beginPhotoUpload } from "~/server/registrations/throttle.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { UPLOAD_REJECTIONS } from "~/server/images/upload-errors.server";
import { ValidationError } from "~/server/validation/errors.server";
import { addRiderPhotosByToken, type PhotoFile, photoRoomByToken, type RiderPhotosAdded } from "./rider-photos.server";
import { serverClock } from "~/server/clock.server";

// The booking page's photo upload as it arrives over HTTP: a multipart form of several files,
// bounded before it is read, counted against the throttles, then added as the rider's photos.

/** Room for a multipart form's boundaries, part headers and intent beside the files themselves. */
export const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

/** A file name longer than this is cut where the page repeats it in a refusal. */
const SHOWN_NAME_LENGTH = 80;

export type PhotoUploadAnswer =
  ({ ok: true } & RiderPhotosAdded) | { ok: false; status: 413 | 429; message: string; retryAfterSeconds?: number };

/** The files of the form's photo field; a file input left empty sends one nameless empty part. */
async function photoFiles(form: FormData): Promise<PhotoFile[]> {
  const files: PhotoFile[] = [];
  for (const value of form.getAll(RIDER_PHOTOS_FIELD)) {
    if (typeof value === "string" || (value.size === 0 && value.name === "")) continue;
    files.push({ name: value.name.slice(0, SHOWN_NAME_LENGTH), data: Buffer.from(await value.arrayBuffer()) });
  }
  return files;
}

/**
 * Receives a rider's photos posted to their booking page. Before a byte of the body is read, the
 * link must open a registration that may add photos (NotFoundError, ValidationError), the
 * throttles must allow it (429), and its declared length must fit the photos the rider has room
 * for at 20 MB each (413); a body that turns out longer is refused as it passes that too.
 */
export async function receiveRiderPhotos(
  services: { db: Database; storage: ObjectStorage },
  request: Request,
  token: string,
  clientIp: string,
  now = serverClock(),
): Promise<PhotoUploadAnswer> {
  const { db } = services;
  const { registration, left } = await photoRoomByToken(db, token, now);
  for (const begin of [
    () => beginBookingChange(db, registration.id, clientIp, now),
    () => beginPhotoUpload(db, clientIp, now),
  ]) {
    const verdict = await begin();
    if (!verdict.allowed)
      return { ok: false, status: 429, message: verdict.message, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  if (left <= 0) throw new ValidationError({ "": tooManyPhotos(left) });
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(request, { limit: left * MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE_BYTES });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, message: photosTooLarge(left) };
    throw new ValidationError({ "": UPLOAD_REJECTIONS.incomplete });
  }
  let form: FormData;
  try {
    const type = request.headers.get("content-type") ?? "";
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    // Not a form, or a broken one: as if no photo was chosen.
    form = new FormData();
  }
  return { ok: true, ...(await addRiderPhotosByToken(services, token, await photoFiles(form), now)) };
}
