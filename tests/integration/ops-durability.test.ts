import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { openDatabase, type Engine } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { getStats } from "~/server/content/stats.server";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../support/postgres";
import { startWriter } from "../support/ops-processes";

// A process writing through the content service is killed with SIGKILL in the middle of a
// stream of writes; the database is opened again as a restarted server would, and every write
// that had been acknowledged must be there, with the database consistent.

type Deployment = { env: Record<string, string>; open(): Database; remove(): Promise<void> };

async function deployment(engine: Engine): Promise<Deployment> {
  if (engine === "sqlite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-durability-"));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath }).db,
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `durability_${randomUUID().replaceAll("-", "")}`;
  await withAdminClient((client) => client.query(`create schema ${schema}`));
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.href },
    open: () => openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema }).db,
    remove: () => withAdminClient((client) => client.query(`drop schema ${schema} cascade`)).then(() => undefined),
  };
}

describe.each(TEST_ENGINES)("crash durability [%s]", (engine) => {
  test(
    "every acknowledged write survives a SIGKILL mid-stream, and the database is consistent",
    { timeout: 90_000 },
    async () => {
      const target = await deployment(engine);
      try {
        const writer = await startWriter(target.env);
        await writer.untilAcked(40);
        writer.child.kill("SIGKILL");
        await writer.exited;
        const acknowledged = [...writer.acked];

        // What a restarted server does first: open the database and bring it up to date.
        const db = target.open();
        try {
          await migrateToLatest(db);
          if (engine === "sqlite") {
            const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
            expect(rows.map((row) => row.integrity_check)).toEqual(["ok"]);
          }
          const stored = await db.selectFrom("rides").select(["id", "status"]).execute();
          const storedIds = new Set(stored.map((row) => row.id));
          expect(acknowledged.length).toBeGreaterThanOrEqual(40);
          expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
          // Statistics are recomputed in each write's transaction: they match the rides exactly.
          const stats = await getStats(db);
          expect(stats.completedRides).toBe(stored.filter((row) => row.status === "completed").length);
        } finally {
          await db.destroy();
        }
      } finally {
        await target.remove();
      }
    },
  );
});
