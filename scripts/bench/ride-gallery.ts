import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_IMAGES } from "~/server/seed/demo-images.server";
import { openDatabase } from "~/server/db/database.server";
import { dataPaths } from "~/server/env.server";
import { saveUpload } from "~/server/images/images.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { ROOT } from "./processes.ts";

/**
 * Gives the first completed ride of a running server's demo content a gallery of `count`
 * approved photos and returns its page's path (bench:web's "ride page with a gallery",
 * docs/features/ride-photos.md#measured). The demo photos go through the upload pipeline, as an
 * admin's would (so the thumbnails get the 480 px variants), and are used in turn. With 0 photos
 * the same ride page is measured without a gallery.
 */
export async function rideWithGallery(dataDir: string, count: number): Promise<string> {
  const { sqlitePath, uploadsDir } = dataPaths(dataDir);
  const { db } = openDatabase({ sqlitePath });
  try {
    const ride = await db
      .selectFrom("rides")
      .select("id")
      .where("status", "=", "completed")
      .orderBy("start_date", "desc")
      .executeTakeFirstOrThrow();
    const storage = createDiskStorage(uploadsDir);
    const files = Object.values(DEMO_IMAGES).slice(0, Math.min(count, Object.keys(DEMO_IMAGES).length));
    const images: string[] = [];
    for (const file of files) {
      const data = await readFile(path.join(ROOT, "public", file));
      images.push(`/images/${(await saveUpload({ db, storage }, { data, fileName: path.basename(file) })).key}`);
    }
    const now = new Date().toISOString();
    for (let index = 0; index < count; index += 1) {
      await db
        .insertInto("ride_photos")
        .values({
          id: randomUUID(),
          ride_id: ride.id,
          image: images[index % images.length]!,
          caption: index % 3 === 0 ? `Day ${(index % 5) + 1} on the road` : "",
          position: index,
          cover: index === 0 ? 1 : 0,
          source: index % 4 === 1 ? "rider" : "admin",
          registration_id: null,
          credit: index % 4 === 1 ? "Asha" : "",
          status: "approved",
          created_at: now,
          updated_at: now,
          reviewed_at: null,
          reviewed_by: null,
        })
        .execute();
    }
    return `/ride/${encodeURIComponent(ride.id)}`;
  } finally {
    await db.destroy();
  }
}
