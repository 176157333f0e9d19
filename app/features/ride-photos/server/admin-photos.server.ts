import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { AuditActor, AuditChange } from "~/domain/audit";
import { imageUrl, parseImageUrl } from "~/domain/image-urls";
import {
  addPhotosSchema,
  captionSchema,
  GALLERY_MESSAGES,
  photoOrderSchema,
} from "~/features/ride-photos/domain/gallery-edits";
import {
  RIDE_PHOTO_SOURCES,
  RIDE_PHOTO_STATUSES,
  type RidePhoto,
  type RidePhotoStatus,
} from "~/features/ride-photos/domain/photo";
import type { Ride } from "~/domain/ride";
import { parseOrErrors } from "~/domain/validation";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { Database, Executor, RidePhotosTable } from "~/server/db/schema.server";
import { getImage } from "~/server/images/images.server";
import { lockRide } from "~/server/registrations/seats.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";

// The admins' gallery of a ride (docs/features/ride-photos.md#the-admins-gallery): add, order,
// caption, choose the cover, approve, hide, restore and delete photos. Each is one command: the
// ride is locked, the rows written with their audit row, and the ride's content event enqueued so
// every cached page showing the gallery (here and on the other instances) is refreshed at once.

type Options = { actor: AuditActor };
type PhotoRow = Selectable<RidePhotosTable>;

function photoFromRow(row: PhotoRow): RidePhoto {
  return {
    id: row.id,
    rideId: row.ride_id,
    image: row.image,
    caption: row.caption,
    position: Number(row.position),
    cover: Number(row.cover) === 1,
    source: RIDE_PHOTO_SOURCES.find((source) => source === row.source) ?? "admin",
    credit: row.credit,
    status: RIDE_PHOTO_STATUSES.find((status) => status === row.status) ?? "hidden",
    createdAt: row.created_at,
  };
}

function rowsOf(db: Executor, rideId: string) {
  return db
    .selectFrom("ride_photos")
    .selectAll()
    .where("ride_id", "=", rideId)
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Every photo of the ride, whatever its status, in the gallery's order: what the admins' page shows. */
export async function listRidePhotos(db: Executor, rideId: string): Promise<RidePhoto[]> {
  return (await rowsOf(db, rideId)).map(photoFromRow);
}

/** Runs `work` on the locked ride; a ride deleted meanwhile is a 404. */
function onLockedRide<T>(db: Database, rideId: string, work: (command: Command, ride: Ride) => Promise<T>): Promise<T> {
  return runCommand(db, async (command) => {
    const ride = await lockRide(command.trx, rideId);
    if (!ride) throw new NotFoundError("Cannot find this ride: it may have been deleted");
    const result = await work(command, ride);
    await command.enqueue(ridePagesChanged(rideId));
    return result;
  });
}

function audit(command: Command, actor: AuditActor, change: Omit<AuditChange, "collection">) {
  return command.audit(actor, { collection: "ridePhotos", ...change });
}

/** The ride's photo, read under the ride's lock; a photo of another ride (or none) is refused. */
async function photoOf(command: Command, rideId: string, photoId: string): Promise<PhotoRow> {
  const row = await command.trx
    .selectFrom("ride_photos")
    .selectAll()
    .where("id", "=", photoId)
    .where("ride_id", "=", rideId)
    .executeTakeFirst();
  if (!row) throw new ValidationError({ photo: GALLERY_MESSAGES.photoGone });
  return row;
}

/**
 * Adds already uploaded images (their `/images/{key}` URLs, from POST /admin/images) at the end
 * of the gallery, in the order given, as the admins' own: shown at once.
 */
export async function addRidePhotos(
  db: Database,
  rideId: string,
  images: unknown,
  { actor }: Options,
): Promise<RidePhoto[]> {
  const checked = parseOrErrors(addPhotosSchema, images);
  if (!checked.ok) throw new ValidationError({ images: Object.values(checked.errors)[0]! });
  const urls = checked.data;
  // Only our own uploads, named by their default rendition's URL: a variant's, an outside link or
  // a key with no image behind it is refused.
  for (const url of urls) {
    const parsed = parseImageUrl(url);
    if (!parsed || imageUrl(parsed.key) !== url || !(await getImage(db, parsed.key)))
      throw new ValidationError({ images: GALLERY_MESSAGES.notOurImage });
  }
  if (new Set(urls).size !== urls.length) throw new ValidationError({ images: GALLERY_MESSAGES.alreadyInGallery });

  return onLockedRide(db, rideId, async (command, ride) => {
    const existing = await rowsOf(command.trx, rideId);
    if (existing.some((row) => urls.includes(row.image)))
      throw new ValidationError({ images: GALLERY_MESSAGES.alreadyInGallery });
    const last = existing.reduce((highest, row) => Math.max(highest, Number(row.position)), 0);
    const now = command.now.toISOString();
    const rows: PhotoRow[] = urls.map((image, index) => ({
      id: randomUUID(),
      ride_id: rideId,
      image,
      caption: "",
      position: last + index + 1,
      cover: 0,
      source: "admin",
      registration_id: null,
      credit: "",
      status: "approved",
      created_at: now,
      updated_at: now,
      reviewed_at: now,
      reviewed_by: actor.email,
    }));
    await command.trx.insertInto("ride_photos").values(rows).execute();
    await audit(command, actor, {
      action: "created",
      recordId: rideId,
      summary: `Added ${rows.length === 1 ? "a photo" : `${rows.length} photos`} to the gallery of "${ride.title}"`,
    });
    return rows.map(photoFromRow);
  });
}

/** Puts the gallery in the order given: every photo of the ride (any status) exactly once. */
export async function reorderRidePhotos(db: Database, rideId: string, order: unknown, { actor }: Options) {
  const checked = parseOrErrors(photoOrderSchema, order);
  if (!checked.ok) throw new ValidationError({ order: GALLERY_MESSAGES.badOrder });
  const ids = checked.data;
  await onLockedRide(db, rideId, async (command, ride) => {
    const existing = await rowsOf(command.trx, rideId);
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== existing.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw new ValidationError({ order: GALLERY_MESSAGES.badOrder });
    const now = command.now.toISOString();
    for (const [index, id] of ids.entries()) {
      const row = existing.find((photo) => photo.id === id)!;
      if (Number(row.position) === index + 1) continue;
      await command.trx
        .updateTable("ride_photos")
        .set({ position: index + 1, updated_at: now })
        .where("id", "=", id)
        .execute();
    }
    await audit(command, actor, {
      action: "reordered",
      recordId: rideId,
      summary: `Reordered the gallery of "${ride.title}"`,
    });
  });
}

export async function captionRidePhoto(
  db: Database,
  rideId: string,
  photoId: string,
  caption: unknown,
  { actor }: Options,
) {
  const checked = parseOrErrors(captionSchema, caption);
  if (!checked.ok) throw new ValidationError({ caption: Object.values(checked.errors)[0]! });
  await onLockedRide(db, rideId, async (command, ride) => {
    await photoOf(command, rideId, photoId);
    await command.trx
      .updateTable("ride_photos")
      .set({ caption: checked.data, updated_at: command.now.toISOString() })
      .where("id", "=", photoId)
      .execute();
    await audit(command, actor, {
      action: "updated",
      recordId: photoId,
      summary: `Captioned a photo of "${ride.title}"`,
    });
  });
}

/** Makes the photo the gallery's one cover; it must be shown (approved). */
export async function setRidePhotoCover(db: Database, rideId: string, photoId: string, { actor }: Options) {
  await onLockedRide(db, rideId, async (command, ride) => {
    const row = await photoOf(command, rideId, photoId);
    if (row.status !== "approved") throw new ValidationError({ cover: GALLERY_MESSAGES.coverNotPublic });
    const now = command.now.toISOString();
    await command.trx
      .updateTable("ride_photos")
      .set({ cover: 0, updated_at: now })
      .where("ride_id", "=", rideId)
      .where("cover", "=", 1)
      .execute();
    await command.trx.updateTable("ride_photos").set({ cover: 1, updated_at: now }).where("id", "=", photoId).execute();
    await audit(command, actor, {
      action: "updated",
      recordId: photoId,
      summary: `Chose the cover photo of "${ride.title}"`,
    });
  });
}

const STATUS_WORDS: Record<RidePhotoStatus, string> = { approved: "Approved", hidden: "Hid", pending: "" };

/**
 * Approves (a rider's pending photo), restores (a hidden one) or hides a photo. A hidden photo
 * stops being the cover: the first approved photo stands for the ride until an admin chooses.
 */
export async function setRidePhotoStatus(
  db: Database,
  rideId: string,
  photoId: string,
  status: Exclude<RidePhotoStatus, "pending">,
  { actor }: Options,
) {
  await onLockedRide(db, rideId, async (command, ride) => {
    const row = await photoOf(command, rideId, photoId);
    if (row.status === status) return;
    const now = command.now.toISOString();
    await command.trx
      .updateTable("ride_photos")
      .set({
        status,
        ...(status === "hidden" ? { cover: 0 } : {}),
        updated_at: now,
        reviewed_at: now,
        reviewed_by: actor.email,
      })
      .where("id", "=", photoId)
      .execute();
    const verb = row.status === "hidden" ? "Restored" : STATUS_WORDS[status];
    const whose = row.source === "rider" ? `${row.credit || "a rider"}'s photo` : "a photo";
    await audit(command, actor, {
      action: "status-changed",
      recordId: photoId,
      summary: `${verb} ${whose} in the gallery of "${ride.title}"`,
    });
  });
}

/**
 * Removes the photo from the gallery, and its image's stored files once committed (a takedown
 * takes the photo down), unless another record still uses that upload.
 */
export async function deleteRidePhoto(db: Database, rideId: string, photoId: string, { actor }: Options) {
  await onLockedRide(db, rideId, async (command, ride) => {
    const row = await photoOf(command, rideId, photoId);
    await command.trx.deleteFrom("ride_photos").where("id", "=", photoId).execute();
    await command.enqueue({ kind: "images-removed", images: [row.image] });
    const whose = row.source === "rider" ? `${row.credit || "a rider"}'s photo` : "a photo";
    await audit(command, actor, {
      action: "deleted",
      recordId: photoId,
      summary: `Deleted ${whose} from the gallery of "${ride.title}"`,
    });
  });
}
