/**
 * Loads a content file written by content:export into the database, all or nothing.
 *
 *   npm run content:import -- FILE [--replace]
 *
 * The whole file is checked first; every invalid record is listed with its path and
 * nothing is written (exit 1). A database that already holds content is only overwritten
 * with --replace. Ids, creation times and orders are kept (see importContent).
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { publishContentChanges } from "../app/server/content-events-pg.server";
import { openDatabaseFromEnv } from "../app/server/db/open-from-env.server";
import { importContent } from "../app/server/content/content-transfer.server";
import { isServiceError, ValidationError } from "../app/server/validation/errors.server";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { replace: { type: "boolean", default: false } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error("Usage: npm run content:import -- FILE [--replace]");
  process.exit(2);
}

let content: unknown;
try {
  content = JSON.parse(await readFile(file, "utf8"));
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const { db, engine, location } = await openDatabaseFromEnv();
// Running instances on PostgreSQL hear of the import (SQLite instances see the file change).
const stopPublishing = engine === "postgres" ? await publishContentChanges(db) : undefined;
try {
  const summary = await importContent(db, content, { replace: values.replace });
  console.log(
    `Imported ${summary.rides} rides and ${summary.heroSlides} hero slides into ${location}` +
      `${summary.featuredRide ? ", the featured ride" : ""}${summary.config ? ", the configuration" : ""}${summary.stats ? ", the statistics" : ""}.`,
  );
} catch (error) {
  if (error instanceof ValidationError) {
    const problems = Object.entries(error.errors);
    console.error(`${file} has ${problems.length} problem${problems.length === 1 ? "" : "s"}; nothing was imported:`);
    for (const [path, message] of problems) console.error(`  ${path}: ${message}`);
  } else if (isServiceError(error)) {
    console.error(error.message);
  } else {
    throw error;
  }
  process.exitCode = 1;
} finally {
  await stopPublishing?.();
  await db.destroy();
}
