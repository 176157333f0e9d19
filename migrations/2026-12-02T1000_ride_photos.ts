import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A ride's gallery (docs/features/ride-photos.md): the admins' photos and the riders' own, each
  // an uploaded image (its `/images/{key}` URL) in the gallery's order. A rider's photo waits for
  // an admin's approval and is credited by the first name they gave, nothing else of theirs.
  await db.schema
    .createTable("ride_photos")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("ride_id", "text", (c) => c.notNull())
    // The uploaded image's URL, /images/{key}.
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("caption", "text", (c) => c.notNull().defaultTo(""))
    // The gallery's order: ascending, gaps allowed.
    .addColumn("position", "integer", (c) => c.notNull())
    // 1 for the one photo that stands for the ride (its card, share card, sitemap).
    .addColumn("cover", "integer", (c) => c.notNull().defaultTo(0))
    // admin or rider.
    .addColumn("source", "text", (c) => c.notNull())
    // The rider's registration, for a rider's photo: erased with it.
    .addColumn("registration_id", "text")
    // The rider's first name, shown as the credit; '' for the admins' photos.
    .addColumn("credit", "text", (c) => c.notNull().defaultTo(""))
    // pending (a rider's, waiting), approved (public), hidden (an admin took it down).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("reviewed_at", "text")
    .addColumn("reviewed_by", "text")
    .execute();
  await db.schema
    .createIndex("ride_photos_ride")
    .on("ride_photos")
    .columns(["ride_id", "status", "position"])
    .execute();
  await db.schema.createIndex("ride_photos_registration").on("ride_photos").column("registration_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ride_photos").execute();
}
