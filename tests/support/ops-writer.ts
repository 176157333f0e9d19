// A child process for the operations tests: adds completed rides through the content service,
// one after another, and prints "ack {n} {id}" once each write has committed, until it is
// killed. Reads DATABASE_URL / DATA_DIR like the server.
import { openDatabaseFromEnv } from "~/server/db/open-from-env.server";
import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "./fixtures";

const { db } = await openDatabaseFromEnv();
process.stdout.write("ready\n");
for (let n = 1; ; n += 1) {
  const ride = await createRide(
    db,
    rideInput({
      title: `Durable ride ${n}`,
      status: "completed",
      startDate: "2025-03-01",
      endDate: "2025-03-03",
      participants: 2,
      distance: "100 km",
    }),
  );
  process.stdout.write(`ack ${n} ${ride.id}\n`);
}
