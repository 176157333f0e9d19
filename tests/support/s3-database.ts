import { afterAll, beforeAll } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { createS3Storage } from "~/server/storage/s3-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { openTestDatabase, type TestDatabase } from "./databases";
import { startLocalS3 } from "./s3";

/**
 * A SQLite database and S3 storage (s3rver) of their own for the tests of the enclosing
 * describe, opened before them and closed after; the getter is valid inside the tests.
 */
export function useSqliteWithS3(): () => { db: Database; storage: ObjectStorage } {
  let database: TestDatabase;
  let storage: ObjectStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    database = await openTestDatabase("sqlite");
    const s3 = await startLocalS3();
    storage = createS3Storage(s3.config);
    close = async () => {
      await storage.close();
      await s3.close();
      await database.close();
    };
  });
  afterAll(async () => close());
  return () => ({ db: database.db, storage });
}
