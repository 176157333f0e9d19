import pg from "pg";

/**
 * A new, empty database on the benchmark's PostgreSQL server, dropped by one of `cleanups`;
 * or, when the server does not answer, the line that says the engine was skipped.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix: string,
  cleanups: (() => Promise<unknown> | unknown)[],
): Promise<{ url: string } | string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${serverUrl} does not answer (${error instanceof Error ? error.message : String(error)})`;
  }
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href };
}
