import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { ConfigurationError, readEnv } from "../env.server";
import { openDatabaseFromEnv } from "./open-from-env.server";

it("opens the SQLite file in DATA_DIR, migrated, when DATABASE_URL is unset", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-env-"));
  try {
    const { db, engine, location, applied } = await openDatabaseFromEnv(readEnv({ DATA_DIR: dir }));
    expect(engine).toBe("sqlite");
    expect(path.dirname(location)).toBe(dir);
    expect(existsSync(location)).toBe(true);
    expect(applied.length).toBeGreaterThan(0);
    expect(await db.selectFrom("rides").select("id").execute()).toEqual([]);
    await db.destroy();
    const reopened = await openDatabaseFromEnv(readEnv({ DATA_DIR: dir }));
    expect(reopened.location).toBe(location);
    expect(reopened.applied).toEqual([]);
    await reopened.db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("refuses a DATABASE_URL that is not PostgreSQL rather than silently using SQLite", () => {
  expect(() => readEnv({ DATABASE_URL: "mysql://localhost/roadbook" })).toThrow(ConfigurationError);
  expect(() => readEnv({ DATABASE_URL: "mysql://localhost/roadbook" })).toThrow(
    "DATABASE_URL must be a postgres:// URL",
  );
});
