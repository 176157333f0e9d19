/**
 * Writes all content (rides, hero slides, featured ride, stats, config) to one JSON file.
 *
 *   npm run content:export -- FILE        (FILE "-" writes to standard output)
 *
 * Reads DATABASE_URL / DATA_DIR like the server. Users and sessions are not exported.
 */
import { rename, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { openDatabaseFromEnv } from "../app/server/db/open-from-env.server";
import { exportContent } from "../app/server/content/content-transfer.server";

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error("Usage: npm run content:export -- FILE");
  process.exit(2);
}

const { db, location } = await openDatabaseFromEnv();
try {
  const content = await exportContent(db);
  const json = `${JSON.stringify(content, null, 2)}\n`;
  if (file === "-") {
    process.stdout.write(json);
  } else {
    // Written beside the target, then renamed: an interrupted export never leaves half a file.
    await writeFile(`${file}.partial`, json);
    await rename(`${file}.partial`, file);
  }
  console.error(
    `Exported ${content.rides.length} rides and ${content.heroSlides.length} hero slides from ${location}${file === "-" ? "" : ` to ${file}`}.`,
  );
} finally {
  await db.destroy();
}
