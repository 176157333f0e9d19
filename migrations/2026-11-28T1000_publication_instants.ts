import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 21: a publication "at 9999-12-31T23:59" west of India was stored as '+010000-01-01…',
  // which the public queries, comparing the text, read as past: the ride was public at once.
  // Every instant is now stored as 'YYYY-MM-DDTHH:mm:ss.sssZ', no later than 2100; one stored in
  // any other spelling, or later, was meant for a time that never comes, so it becomes a draft.
  // Earlier instants stay: the column's default, 1970, is "published since ever".
  for (const table of ["rides", "hero_slides"]) {
    await sql`update ${sql.table(table)} set published_at = null
      where published_at is not null
        and (published_at not like '____-__-__T__:__:__.___Z' or published_at >= '2101-01-01')`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The spellings it replaced made rides public by mistake: nothing to restore.
}
