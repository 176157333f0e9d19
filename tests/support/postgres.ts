// The test PostgreSQL server and which engines a run covers, for every kind of test: it imports
// no test runner, so Vitest suites and Playwright specs share it.
import pg from "pg";
import type { Engine } from "~/server/db/database.server";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** Both engines by default; `TEST_ENGINES=sqlite` narrows a local run (CI runs both). */
export const TEST_ENGINES: Engine[] = (process.env.TEST_ENGINES?.split(",") ?? ["sqlite", "postgres"]).map((name) => {
  if (name !== "sqlite" && name !== "postgres") throw new Error(`TEST_ENGINES: unknown engine ${name}`);
  return name;
});

/** Runs `work` on a connection of its own to the test server's database, closed afterwards. */
export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
