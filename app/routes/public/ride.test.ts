import pino from "pino";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppServices, servicesContext } from "~/context";
import { DEFAULT_CARRY_MANDATORY, DEFAULT_GROUP_SIZE, DEFAULT_VEHICLE_TYPE } from "~/domain/defaults";
import type { Database } from "~/server/db/schema.server";
import { readEnv } from "~/server/env.server";
import { createRide } from "~/server/rides/rides.server";
import { describeEachEngine, openTestDatabase } from "../../../tests/support/databases";
import { TEST_ENGINES } from "../../../tests/support/postgres";
import { rideInput } from "../../../tests/support/fixtures";
import { loader } from "./ride";

const env = readEnv({ PUBLIC_URL: "https://rides.example" });

function callLoader(db: Database, rideId: string, logger = pino({ level: "silent" })) {
  const context = new RouterContextProvider();
  // The loader needs only these three; storage and the rest are never touched.
  context.set(servicesContext, { db, env, logger } as AppServices);
  const request = new Request(`http://internal:3000/ride/${rideId}`);
  return loader({ params: { rideId }, request, context } as unknown as Parameters<typeof loader>[0]);
}

/** What a loader threw with `data(…, { status })`. */
async function thrown(promise: Promise<unknown>): Promise<{ data: unknown; status: number | undefined }> {
  try {
    await promise;
  } catch (error) {
    const { data, init } = error as { data: unknown; init?: { status?: number } };
    return { data, status: init?.status };
  }
  throw new Error("the loader did not throw");
}

describeEachEngine("ride details loader", (getDb) => {
  it("returns the ride with the defaults of product.md#display-defaults filled in, the origin of PUBLIC_URL and up to 3 similar rides", async () => {
    const db = getDb();
    const ride = await createRide(
      db,
      rideInput({ title: "Main", vehicleType: "", maxParticipants: "", thingsToCarryMandatory: [] }),
    );
    for (const title of ["A", "B", "C", "D"]) await createRide(db, rideInput({ title }));
    await createRide(db, rideInput({ title: "Done", status: "completed" }));

    const result = await callLoader(db, ride.id);

    expect(result.ride.id).toBe(ride.id);
    expect(result.ride.vehicleType).toBe(DEFAULT_VEHICLE_TYPE);
    expect(result.ride.maxParticipants).toBe(DEFAULT_GROUP_SIZE);
    expect(result.ride.thingsToCarryMandatory).toEqual(DEFAULT_CARRY_MANDATORY);
    expect(result.origin).toBe("https://rides.example");
    expect(result.sample).toBe(false);
    expect(result.similar.map((similar) => similar.title)).toEqual(["A", "B", "C"]);
  });

  it("never gives a visitor the ride's private WhatsApp group link, nor a similar ride's", async () => {
    const db = getDb();
    const group = "https://chat.whatsapp.com/PrivateGroupInvite123";
    const ride = await createRide(db, rideInput({ title: "Main", whatsappGroupUrl: group }));
    await createRide(db, rideInput({ title: "Other", whatsappGroupUrl: group }));

    const result = await callLoader(db, ride.id);

    expect(result.ride.title).toBe("Main");
    expect(JSON.stringify(result)).not.toContain("PrivateGroupInvite123");
  });

  it("answers 404 with the id and the number of public rides for an unknown id", async () => {
    const db = getDb();
    await createRide(db, rideInput({ status: "upcoming" }));
    await createRide(db, rideInput({ status: "completed" }));
    await createRide(db, rideInput({ status: "cancelled" }));

    expect(await thrown(callLoader(db, "no-such-ride"))).toEqual({
      status: 404,
      data: { rideId: "no-such-ride", availableRides: 2 },
    });
  });

  it("treats a cancelled ride as not found", async () => {
    const db = getDb();
    const cancelled = await createRide(db, rideInput({ status: "cancelled" }));
    expect(await thrown(callLoader(db, cancelled.id))).toEqual({
      status: 404,
      data: { rideId: cancelled.id, availableRides: 0 },
    });
  });

  it("serves a bundled sample ride (linked from fallback pages), marked as a sample", async () => {
    const result = await callLoader(getDb(), "sample-western-ghats");
    expect(result.sample).toBe(true);
    expect(result.ride.title).toBe("Western Ghats Monsoon Trail");
    expect(result.similar.every((ride) => ride.id.startsWith("sample-") && ride.id !== "sample-western-ghats")).toBe(
      true,
    );
  });
});

describe("ride details loader when the database fails", () => {
  it.each(TEST_ENGINES)("logs the failure and answers 503 with a message fit for visitors [%s]", async (engine) => {
    const broken = await openTestDatabase(engine);
    await broken.close();
    const logged: unknown[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => logged.push(JSON.parse(line)) });

    const { status, data } = await thrown(callLoader(broken.db, "any-ride", logger));

    expect(status).toBe(503);
    expect(data).toEqual({ message: "The ride could not be loaded right now. Please try again in a few minutes." });
    expect(logged).toEqual([expect.objectContaining({ rideId: "any-ride", msg: "ride details could not be loaded" })]);
  });
});
