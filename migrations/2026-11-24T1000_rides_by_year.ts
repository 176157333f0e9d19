import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The previous-rides page lists its section by start year, latest first, then in display
  // order (listPreviousRides): one page of 24 is read off this index, never a sort of them all.
  await sql`create index rides_by_year on rides (status, (substr(start_date, 1, 4)) desc, (coalesce(sort_order, 999)), created_at desc, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("rides_by_year").execute();
}
