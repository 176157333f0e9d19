import type { Database } from "~/server/db/schema.server";
import { registrationCounts } from "~/server/registrations/queries.server";
import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures.ts";
import { riderForm, registerRider } from "../support/registration-fixtures.ts";
import { openSqlite } from "./support/ops-admin.ts";
import { type Instance, SHARED_SESSION_SECRET, startInstance, stopAllInstances } from "./support/ops-support.ts";
import { type SharedPostgres, sharedPostgres, skipWithoutPostgres } from "./support/shared-postgres.ts";
import { expect, test } from "./support/fixtures.ts";

// Registrations through the whole HTTP stack of production instances (decision 021):
// riders racing for the last seats as plain form posts, through two instances on one
// PostgreSQL database and through one on SQLite; and what the instances log meanwhile, which
// holds none of the riders' personal data or private links.

test.describe.configure({ mode: "default" });

const CAPACITY = 10;
const ALREADY_BOOKED = CAPACITY - 3;
const RACERS = 60;
const INSTANCE_ENV = {
  SESSION_SECRET: SHARED_SESSION_SECRET,
  // Riders arrive through a proxy, each from their own address: the per-network limit stays
  // out of a race of 60 riders (a test below meets it on purpose).
  TRUST_PROXY: "loopback",
  // Every line there is, so a personal value logged at any level shows up.
  LOG_LEVEL: "trace",
};

test.afterAll(async ({}, testInfo) => {
  await stopAllInstances({}, testInfo);
});

/** A rider's address: each rider its own network. */
const addressOf = (n: number) => `10.${Math.floor(n / 250)}.${n % 250}.7`;

function formOf(fields: Record<string, unknown>): URLSearchParams {
  return new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));
}

async function postRegistration(instance: Instance, rideId: string, fields: Record<string, unknown>, ip: string) {
  const response = await fetch(`${instance.url}/ride/${rideId}/register`, {
    method: "POST",
    body: formOf(fields),
    headers: { "X-Forwarded-For": ip },
    redirect: "manual",
  });
  const body = await response.text();
  return { status: response.status, location: response.headers.get("location") ?? "", body };
}

/**
 * A ride of CAPACITY seats with all but the last 3 booked, then RACERS riders posting the form
 * at once, spread over the instances. Answers the HTTP statuses and the counts in the database.
 */
async function race(db: Database, instances: Instance[], waitlist: boolean) {
  const ride = await createRide(db, rideInput({ registration: { mode: "site", seats: CAPACITY, waitlist } }));
  for (let n = 0; n < ALREADY_BOOKED; n++) await registerRider(db, ride.id, riderForm(n));
  const answers = await Promise.all(
    Array.from({ length: RACERS }, (_, i) =>
      postRegistration(instances[i % instances.length]!, ride.id, riderForm(1000 + i), addressOf(i)),
    ),
  );
  const statuses = Object.fromEntries(
    Object.entries(Object.groupBy(answers, (answer) => answer.status)).map(([status, list]) => [status, list!.length]),
  );
  const counts = (await registrationCounts(db, [ride.id])).get(ride.id)!;
  return { statuses, counts, answers };
}

/** The private links handed out (303 to /booking/<token>): their tokens must never be logged. */
function tokensOf(answers: { location: string }[]): string[] {
  return answers.flatMap((answer) => /\/booking\/([^/?#]+)/.exec(answer.location)?.[1] ?? []);
}

/** Nothing personal in any line: no rider's name or mobile number, no private link's token. */
function expectNothingPersonal(instances: Instance[], tokens: string[], values: string[] = []) {
  const logged = instances.flatMap((instance) => instance.lines.map((line) => JSON.stringify(line))).join("\n");
  expect(logged).toContain('"msg":"request"');
  expect(logged).not.toMatch(/Rider \d|\+9198\d{8}|Ravi Rao|\+919123456789|Himalayan 450/);
  for (const value of [...tokens, ...values]) expect(logged).not.toContain(value);
}

test.describe("two instances on one PostgreSQL database", () => {
  skipWithoutPostgres();
  let database: SharedPostgres;
  let db: Database;
  let instances: Instance[];

  test.beforeAll(async () => {
    database = await sharedPostgres();
    const env = { ...INSTANCE_ENV, ...database.env };
    instances = await Promise.all([startInstance({ env }), startInstance({ env })]);
    db = database.db;
  });

  test.afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.stop("SIGKILL")));
    await database?.close();
  });

  test(`${RACERS} riders posting at once for the last 3 seats: exactly 3 confirmed, the rest waitlisted`, async () => {
    const { statuses, counts, answers } = await race(db, instances, true);
    expect(statuses).toEqual({ 303: RACERS });
    expect(counts).toMatchObject({ bookedSeats: CAPACITY, confirmed: CAPACITY, waitlisted: RACERS - 3 });
    expectNothingPersonal(instances, tokensOf(answers));
  });

  test(`without a waitlist, exactly 3 of ${RACERS} riders get a seat and the rest are told the ride is full`, async () => {
    const { statuses, counts, answers } = await race(db, instances, false);
    expect(statuses).toEqual({ 303: 3, 409: RACERS - 3 });
    expect(answers.find((answer) => answer.status === 409)?.body).toContain("This ride is full.");
    expect(counts).toMatchObject({ bookedSeats: CAPACITY, confirmed: CAPACITY, waitlisted: 0 });
    // Both instances took part.
    for (const instance of instances) {
      expect(instance.lines.some((line) => line.msg === "request" && line.method === "POST")).toBe(true);
    }
    expectNothingPersonal(instances, tokensOf(answers));
  });
});

test.describe("one instance on SQLite", () => {
  let instance: Instance;
  let db: Database;

  test.beforeAll(async () => {
    instance = await startInstance({ env: INSTANCE_ENV });
    db = openSqlite(instance.dataDir);
  });

  test.afterAll(async () => {
    await db?.destroy();
    await instance?.stop("SIGKILL");
  });

  test(`${RACERS} riders posting at once for the last 3 seats: exactly 3 confirmed`, async () => {
    const { statuses, counts, answers } = await race(db, [instance], false);
    expect(statuses).toEqual({ 303: 3, 409: RACERS - 3 });
    expect(counts).toMatchObject({ bookedSeats: CAPACITY, confirmed: CAPACITY, waitlisted: 0 });
    expectNothingPersonal([instance], tokensOf(answers));
  });

  test("a registration, its refusals and the private page log no personal data and no token", async () => {
    const ride = await createRide(
      db,
      rideInput({
        title: "Nandi Hills Sunrise",
        registration: {
          mode: "site",
          seats: 5,
          waitlist: false,
          askLicence: true,
          options: { pillion: { offered: true } },
        },
      }),
    );
    const roomy = await createRide(db, rideInput({ title: "Roomy ride", registration: { mode: "site", seats: 100 } }));
    const closed = await createRide(db, rideInput({ title: "Closed ride", registration: { mode: "closed" } }));
    const personal = {
      name: "Lakshmi Narayanan",
      mobile: "+91 99001 23456",
      email: "lakshmi.n@rider.test",
      emergencyName: "Gopal Narayanan",
      emergencyPhone: "+91 99887 76655",
      bloodGroup: "B-",
      option: "pillion",
      pillionName: "Sita Pillion",
      bikeModel: "Interceptor 650 Orange",
      licenceNumber: "TN09 20190004321",
    };
    const values = [
      "Lakshmi",
      "+919900123456",
      "99001 23456",
      "lakshmi.n@",
      "Gopal",
      "+919988776655",
      "Sita Pillion",
      "Interceptor 650",
      "TN09",
      "412398765432",
    ];
    const rider = riderForm(1, personal);
    const ip = "10.200.0.1";

    const registered = await postRegistration(instance, ride.id, rider, ip);
    expect(registered.status).toBe(303);
    const token = tokensOf([registered])[0]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Every refusal: invalid fields, the same mobile twice, the honeypot, an oversized form, a
    // ride that is closed or does not exist, and the per-network limit.
    const invalid = await postRegistration(
      instance,
      ride.id,
      { ...rider, email: "lakshmi.n@", mobile: "+91 99001" },
      ip,
    );
    expect(invalid.status).toBe(400);
    expect((await postRegistration(instance, ride.id, rider, ip)).status).toBe(409);
    expect((await postRegistration(instance, ride.id, { ...rider, website: "https://spam.test" }, ip)).status).not.toBe(
      303,
    );
    const huge = await postRegistration(instance, ride.id, { ...rider, bikeModel: "x".repeat(20_000) }, ip);
    expect(huge.status).toBe(413);
    expect((await postRegistration(instance, closed.id, rider, ip)).status).toBe(409);
    expect((await postRegistration(instance, "no-such-ride", rider, ip)).status).toBe(404);
    let throttled = 0;
    for (let n = 2; n < 40 && throttled === 0; n++) {
      const mobile = `+91 90000 ${String(n).padStart(5, "0")}`;
      const answer = await postRegistration(
        instance,
        roomy.id,
        riderForm(n, { ...personal, option: "solo", mobile }),
        "10.201.0.1",
      );
      if (answer.status === 429) throttled += 1;
    }
    expect(throttled).toBe(1);

    // The private page: read, pay, cancel.
    const page = await fetch(`${instance.url}/booking/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Lakshmi Narayanan");
    const utr = await fetch(`${instance.url}/booking/${token}`, {
      method: "POST",
      body: formOf({ intent: "utr", utr: "412398765432" }),
      redirect: "manual",
    });
    expect(utr.status).toBe(303);
    const cancel = await fetch(`${instance.url}/booking/${token}`, {
      method: "POST",
      body: formOf({ intent: "cancel", confirm: "yes" }),
      redirect: "manual",
    });
    expect(cancel.status).toBe(303);
    expect((await fetch(`${instance.url}/booking/${"A".repeat(43)}`)).status).toBe(404);

    // Let the last access lines arrive.
    await instance.waitForLine(
      (line) => line.msg === "request" && line.status === 404 && line.path === "/booking/[token]",
    );
    const bookingLines = instance.lines.filter(
      (line) => line.msg === "request" && String(line.path).startsWith("/booking"),
    );
    expect(bookingLines.length).toBeGreaterThanOrEqual(4);
    expect(new Set(bookingLines.map((line) => line.path))).toEqual(new Set(["/booking/[token]"]));
    expectNothingPersonal([instance], [token], values);
  });

  test("the server swept registrations past their retention when it started", async () => {
    expect(instance.lines.find((line) => line.msg === "registrations past retention erased")).toMatchObject({
      erased: 0,
      retentionDays: 180,
    });
  });
});
