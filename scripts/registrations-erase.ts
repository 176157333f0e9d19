/**
 * Erases riders' personal data now, as the server does daily (decision 021).
 *
 *   npm run registrations:erase                     every ride ended REGISTRATION_RETENTION_DAYS ago
 *   npm run registrations:erase -- --now            every ride that has ended, whatever the retention
 *   npm run registrations:erase -- --ride ID        one ride, once its retention has run out
 *   npm run registrations:erase -- --ride ID --now  one ride, at once (a cancelled ride, say)
 *
 * Reads DATABASE_URL / DATA_DIR like the server. Each registration keeps its status, option and
 * seats (anonymous counts); its rider's details, mobile number, UTR and private link are gone.
 */
import { parseArgs } from "node:util";
import { openDatabaseFromEnv } from "../app/server/db/open-from-env.server";
import { readEnv } from "../app/server/env.server";
import { eraseExpiredRegistrations, eraseRide } from "../app/server/registrations/erasure.server";

const USAGE = "Usage: npm run registrations:erase -- [--ride ID] [--now]";

let parsed;
try {
  parsed = parseArgs({ options: { ride: { type: "string" }, now: { type: "boolean", default: false } } });
} catch {
  console.error(USAGE);
  process.exit(2);
}
const { ride: rideId, now } = parsed.values;
if (rideId === "") {
  console.error(USAGE);
  process.exit(2);
}

const env = readEnv();
const days = env.registrationRetentionDays;
const { db, location } = await openDatabaseFromEnv(env);
try {
  if (rideId === undefined) {
    const erased = await eraseExpiredRegistrations(db, now ? 0 : days);
    const which = now ? "rides that have ended" : `rides that ended more than ${days} days ago`;
    console.error(`Erased the personal data of ${erased} registrations of ${which} in ${location}.`);
  } else {
    const result = await eraseRide(db, rideId, { days, now });
    if ("refused" in result) {
      console.error(result.refused);
      process.exitCode = 1;
    } else {
      console.error(`Erased the personal data of ${result.erased} registrations of ride ${rideId} in ${location}.`);
    }
  }
} finally {
  await db.destroy();
}
