/**
 * Writes riders' registrations (personal data) to a CSV file, for the organisers only.
 *
 *   npm run registrations:export -- FILE [--ride ID]      (FILE "-" writes to standard output)
 *
 * Reads DATABASE_URL / DATA_DIR like the server. UTF-8 with a byte-order mark, so Excel opens
 * it. content:export never holds registrations; this is their only export besides the admin's
 * Riders page (decision 021). The file holds riders' personal data: keep it private, delete it
 * when done.
 */
import { open, rename } from "node:fs/promises";
import { parseArgs } from "node:util";
import { openDatabaseFromEnv } from "../app/server/db/open-from-env.server";
import { registrationsWithRides, registrationsCsv } from "../app/server/registrations/csv.server";
import { getRide } from "../app/server/rides/rides.server";

const USAGE = "Usage: npm run registrations:export -- FILE [--ride ID]";

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { ride: { type: "string" } } });
} catch {
  console.error(USAGE);
  process.exit(2);
}
const { positionals, values } = parsed;
const [file] = positionals;
if (!file || positionals.length > 1 || values.ride === "") {
  console.error(USAGE);
  process.exit(2);
}

const { db, location } = await openDatabaseFromEnv();
try {
  const rideId = values.ride;
  if (rideId !== undefined && !(await getRide(db, rideId))) {
    console.error(`No ride ${rideId} in ${location}.`);
    process.exitCode = 1;
  } else {
    const rows = await registrationsWithRides(db, rideId);
    const csv = registrationsCsv(rows);
    if (file === "-") {
      process.stdout.write(csv);
    } else {
      // Written beside the target, then renamed: an interrupted export never leaves half a file.
      // Readable by its owner only: it holds riders' personal data. The mode given to open()
      // applies only to a file it creates, so a leftover of an interrupted export is made
      // private before a byte is written into it (and one owned by someone else is refused).
      const partial = await open(`${file}.partial`, "w", 0o600);
      try {
        await partial.chmod(0o600);
        await partial.writeFile(csv);
      } finally {
        await partial.close();
      }
      await rename(`${file}.partial`, file);
    }
    console.error(
      `Exported ${rows.length} registrations${rideId ? ` of ride ${rideId}` : ""} from ${location}${file === "-" ? "" : ` to ${file}`}.`,
    );
  }
} finally {
  await db.destroy();
}
