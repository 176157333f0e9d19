import { randomUUID } from "node:crypto";
import { firstName } from "~/features/rider-messages/domain/rider-text";
import {
  RIDER_PHOTO_REFUSALS,
  RIDER_PHOTOS_PER_RIDE,
  riderPhotoRefusal,
  tooManyPhotos,
  type RiderPhoto,
} from "~/features/ride-photos/domain/rider-photos";
import type { RidePhotoStatus } from "~/features/ride-photos/domain/photo";
import { runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { saveUpload } from "~/server/images/images.server";
import { ImageRejectedError } from "~/server/images/upload-errors.server";
import { getRegistrationByToken, getRegistration } from "~/server/registrations/queries.server";
import type { Registration } from "~/server/registrations/rows.server";
import { lockRide } from "~/server/registrations/seats.server";
import { getRide } from "~/server/rides/rides.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { NotFoundError, refuse } from "~/server/validation/errors.server";
import { REGISTRATION_NOT_FOUND } from "~/server/registrations/locked-registration.server";
import { auditRiderChange } from "~/server/registrations/booking-audit.server";
import { riderPhotoFileName } from "./photo-images.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";
import { serverClock } from "~/server/clock.server";

// Riders' own photos of a ride (docs/features/ride-photos.md#riders-photos), sent through their
// private booking link: stored through the admins' image pipeline, then written as pending
// rows of the ride's gallery under the ride's lock, where an admin approves or hides them.

/** The rider's photos of their ride, oldest first. */
export async function listRiderPhotos(db: Executor, registrationId: string): Promise<RiderPhoto[]> {
  const rows = await db
    .selectFrom("ride_photos")
    .select(["id", "image", "status"])
    .where("registration_id", "=", registrationId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, image: row.image, status: row.status as RidePhotoStatus }));
}

async function photoCount(db: Executor, registrationId: string): Promise<number> {
  const row = await db
    .selectFrom("ride_photos")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("registration_id", "=", registrationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The registration behind a live link whose rider may add photos now, and how many more. */
export async function photoRoomByToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ registration: Registration; left: number }> {
  const registration = await getRegistrationByToken(db, token);
  if (!registration) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  const ride = await getRide(db, registration.rideId);
  const refusal = riderPhotoRefusal(registration.status, ride, now);
  if (refusal) refuse(refusal);
  return { registration, left: RIDER_PHOTOS_PER_RIDE - (await photoCount(db, registration.id)) };
}

/** A file the rider chose: its bytes and the name it had on their phone (only to name it in a refusal). */
export type PhotoFile = { name: string; data: Buffer };

export type RiderPhotosAdded = {
  added: number;
  /** The files the image pipeline refused, each with its message; the others are kept. */
  refused: { name: string; message: string }[];
};

/**
 * Adds the rider's photos to their ride's gallery, waiting for approval. The batch is refused
 * whole (nothing stored) when the rider may not add photos or has no room for all of them; then
 * each file goes through the image pipeline, and those it refuses are named while the others
 * are kept. The rows are written under the ride's lock, where the rider's state and room are
 * read again: an upload that loses a race leaves its images unreferenced, deleted later
 * (deleteUnusedRiderPhotoImages).
 */
export async function addRiderPhotosByToken(
  services: { db: Database; storage: ObjectStorage },
  token: string,
  files: PhotoFile[],
  now = serverClock(),
): Promise<RiderPhotosAdded> {
  const { db } = services;
  if (files.length === 0) refuse(RIDER_PHOTO_REFUSALS.none);
  const { registration, left } = await photoRoomByToken(db, token, now);
  if (files.length > left) refuse(tooManyPhotos(left));

  const images: string[] = [];
  const refused: RiderPhotosAdded["refused"] = [];
  for (const file of files) {
    try {
      // A random name rather than the phone's: the key carries nothing of the rider's, and a
      // photo waiting for approval cannot be found by guessing its address.
      images.push((await saveUpload(services, { data: file.data, fileName: riderPhotoFileName(), now })).url);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      refused.push({ name: file.name, message: error.message });
    }
  }
  if (images.length === 0) return { added: 0, refused };

  await runCommand(
    db,
    async (command) => {
      const ride = await lockRide(command.trx, registration.rideId);
      const row = await getRegistration(command.trx, registration.id);
      if (!row || row.erasedAt) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      const refusal = riderPhotoRefusal(row.status, ride, now);
      if (refusal) refuse(refusal);
      const room = RIDER_PHOTOS_PER_RIDE - (await photoCount(command.trx, row.id));
      if (images.length > room) refuse(tooManyPhotos(room));
      const last = await command.trx
        .selectFrom("ride_photos")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("ride_id", "=", row.rideId)
        .executeTakeFirst();
      const after = Number(last?.position ?? 0);
      const stamp = now.toISOString();
      await command.trx
        .insertInto("ride_photos")
        .values(
          images.map((image, index) => ({
            id: randomUUID(),
            ride_id: row.rideId,
            image,
            caption: "",
            position: after + index + 1,
            cover: 0,
            source: "rider",
            registration_id: row.id,
            credit: firstName(row.name),
            status: "pending",
            created_at: stamp,
            updated_at: stamp,
            reviewed_at: null,
            reviewed_by: null,
          })),
        )
        .execute();
      // Not public until an admin approves them: no content event, the admins' gallery reads them.
      const count = images.length === 1 ? "a photo" : `${images.length} photos`;
      await auditRiderChange(command, row, ride, `sent ${count} for the gallery`, { action: "created" });
    },
    now,
  );
  return { added: images.length, refused };
}

/**
 * The rider deletes one of their photos, whatever its state; one that was in the public gallery
 * leaves the ride's cached pages. Its image's stored files go once committed.
 */
export async function deleteRiderPhotoByToken(db: Database, token: string, photoId: string, now = serverClock()) {
  const registration = await getRegistrationByToken(db, token);
  if (!registration) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  await runCommand(
    db,
    async (command) => {
      const ride = await lockRide(command.trx, registration.rideId);
      const photo = await command.trx
        .deleteFrom("ride_photos")
        .where("id", "=", photoId)
        .where("registration_id", "=", registration.id)
        .returning(["status", "image"])
        .executeTakeFirst();
      if (!photo) refuse(RIDER_PHOTO_REFUSALS.notYours);
      await command.enqueue({ kind: "images-removed", images: [photo.image] });
      await auditRiderChange(command, registration, ride, "deleted a photo it sent", { action: "deleted" });
      if (photo.status === "approved") await command.enqueue(ridePagesChanged(registration.rideId));
    },
    now,
  );
}
