import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabaseFromEnv } from "./open-from-env.server";

it("opens DATA_DIR/roadbook.sqlite, migrated, when DATABASE_URL is unset", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-env-"));
  try {
    const { db, engine, location } = await openDatabaseFromEnv({ DATA_DIR: dir });
    expect(engine).toBe("sqlite");
    expect(location).toBe(path.join(dir, "roadbook.sqlite"));
    expect(existsSync(location)).toBe(true);
    expect(await db.selectFrom("rides").select("id").execute()).toEqual([]);
    await db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("refuses a DATABASE_URL that is not PostgreSQL rather than silently using SQLite", async () => {
  await expect(openDatabaseFromEnv({ DATABASE_URL: "mysql://localhost/roadbook" })).rejects.toThrow(
    "DATABASE_URL must be a postgres:// URL",
  );
});
