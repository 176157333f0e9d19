import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { RideDayOp } from "~/features/ride-day/domain/pack";
import { openDatabase, type Engine } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { TEST_DATABASE_URL } from "./postgres";

/** Ops as a captain's phone makes them: a fresh UUID each, made at `at`. */
export const rideDayOps = {
  checkIn: (registrationId: string, at: string): RideDayOp => ({
    id: randomUUID(),
    kind: "check-in",
    registrationId,
    at,
  }),
  undoCheckIn: (registrationId: string, at: string): RideDayOp => ({
    id: randomUUID(),
    kind: "undo-check-in",
    registrationId,
    at,
  }),
  rollCall: (rollCallId: string, label: string, at: string): RideDayOp => ({
    id: randomUUID(),
    kind: "roll-call",
    rollCallId,
    label,
    at,
  }),
  mark: (rollCallId: string, registrationId: string, mark: "present" | "missing", at: string): RideDayOp => ({
    id: randomUUID(),
    kind: "mark",
    rollCallId,
    registrationId,
    mark,
    at,
  }),
};

/**
 * Another connection to the same test database, as a second server instance has: its own pool
 * on PostgreSQL, its own connection to the file on SQLite.
 */
export async function secondInstance(db: Database, engine: Engine): Promise<Database> {
  if (engine === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: rows[0]!.schema }).db;
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return openDatabase({ sqlitePath: rows[0]!.file }).db;
}
