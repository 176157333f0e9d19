// A second server instance for the registrations concurrency test: its own process and its own
// database handle, firing registrations at a ride when told to. Run with `node --import tsx`.
// Arguments: the SQLite file, the ride id, the first rider number, how many riders, the time
// (ISO) the registrations are made at. Prints "ready", waits for a line on stdin, then prints
// one JSON line of outcomes: "confirmed", "waitlisted" or the refusal message.
import { createInterface } from "node:readline";
import { openDatabase } from "~/server/db/database.server";
import { ValidationError } from "~/server/validation/errors.server";

import { riderForm, registerRider } from "./registration-fixtures";

const [file, rideId, first, count, at] = process.argv.slice(2);
const { db } = openDatabase({ sqlitePath: file });
const lines = createInterface({ input: process.stdin });
console.log("ready");
await new Promise((resolve) => lines.once("line", resolve));
lines.close();
const outcomes = await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    registerRider(db, rideId!, riderForm(Number(first) + i), new Date(at!)).then(
      ({ registration }) => registration.status,
      (error: unknown) => (error instanceof ValidationError ? error.message : `error: ${String(error)}`),
    ),
  ),
);
console.log(JSON.stringify(outcomes));
await db.destroy();
