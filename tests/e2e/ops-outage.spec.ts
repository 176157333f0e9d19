import { createAdmin, sessionCookieFor } from "./support/ops-admin.ts";
import {
  createDatabase,
  startInstance,
  stopAllInstances,
  terminateConnections,
  waitFor,
} from "./support/ops-support.ts";
import { sharedPostgres, skipWithoutPostgres } from "./support/shared-postgres.ts";
import { freePort } from "../support/ports.ts";
import { startPostgresRelay } from "../support/postgres-relay.ts";
import { WAIT_CEILING_MS } from "./support/ceilings.ts";
import { expect, test } from "./support/fixtures.ts";

// Database outages on PostgreSQL. Requests must fail fast and cleanly (503,
// never a hang or a 500), public pages keep serving what they last rendered, and everything
// works again by itself once the database is back.

skipWithoutPostgres();
test.afterEach(stopAllInstances);

async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
    throw new Error(`GET ${url} failed after ${Date.now() - started} ms`, { cause: error });
  });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, ms: Date.now() - started };
}

function rideTitles(html: string): string[] {
  return [...html.matchAll(/<h[23][^>]*>([^<]+)<\/h[23]>/g)].map((match) => match[1]!).sort();
}

test("with the network to PostgreSQL cut: 503 within seconds, public pages from their last copy, recovery by itself", async () => {
  const database = await sharedPostgres();
  const { db } = database;
  const relay = await startPostgresRelay();
  try {
    const instance = await startInstance({
      env: { ...database.env, DATABASE_URL: relay.urlFor(database.url) },
    });
    const admin = await createAdmin(db);
    const cookie = await sessionCookieFor(db, admin.userId);
    const before = await timed(`${instance.url}/`);
    expect(before.status).toBe(200);
    expect(rideTitles(before.body).length).toBeGreaterThan(0);
    expect((await timed(`${instance.url}/admin`, { headers: { cookie } })).status).toBe(200);

    relay.cut();

    // The instance hears within moments (its listening connection drops) that it may have missed
    // changes, so the page renders again, fails on the database and is answered with the copy it
    // had.
    const home = await waitFor(async () => {
      const answer = await timed(`${instance.url}/`);
      return answer.headers.get("cache-control") === "no-cache" && answer;
    }, "the home page to be answered from its last copy");
    expect(home.status).toBe(200);
    expect(rideTitles(home.body)).toEqual(rideTitles(before.body));
    expect(home.ms).toBeLessThan(5_000);

    const portal = await timed(`${instance.url}/admin`, { headers: { cookie } });
    expect(portal.status).toBe(503);
    expect(portal.headers.get("retry-after")).toBe("5");
    expect(portal.headers.get("cache-control")).toContain("no-store");
    expect(portal.body).toContain("Something went wrong");
    expect(portal.ms).toBeLessThan(5_000);

    const ready = await timed(`${instance.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toBe("database unreachable");
    expect((await timed(`${instance.url}/healthz`)).status).toBe(200);

    relay.restore();
    await waitFor(
      async () => (await timed(`${instance.url}/admin`, { headers: { cookie } })).status === 200,
      "the admin portal to answer again",
    );
    await waitFor(async () => (await timed(`${instance.url}/readyz`)).status === 200, "readiness");
    expect(instance.lines.some((line) => line.status === 500)).toBe(false);
    expect(instance.lines.some((line) => line.msg === "crashed")).toBe(false);
  } finally {
    await relay.close();
    await database.close();
  }
});

test("pg_terminate_backend on every connection of the app: never a 500, and it works again within seconds", async () => {
  const database = await sharedPostgres();
  const { db } = database;
  try {
    const instance = await startInstance({ env: database.env });
    const admin = await createAdmin(db);
    const cookie = await sessionCookieFor(db, admin.userId);
    // Fill the pool with several connections, all of which are then killed.
    await Promise.all(Array.from({ length: 5 }, () => timed(`${instance.url}/admin`, { headers: { cookie } })));
    expect(await terminateConnections(database.name, "roadbook")).toBeGreaterThan(0);
    expect(await terminateConnections(database.name, "roadbook-listener")).toBe(1);

    const statuses: number[] = [];
    const deadline = Date.now() + WAIT_CEILING_MS;
    while (Date.now() < deadline) {
      const answer = await timed(`${instance.url}/admin`, { headers: { cookie } });
      expect(answer.ms).toBeLessThan(5_000);
      statuses.push(answer.status);
      if (statuses.slice(-3).join() === "200,200,200") break;
    }
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.slice(-3)).toEqual([200, 200, 200]);
    // The listener for other instances' changes is back as well.
    await instance.waitForLine((line) => line.msg === "content notification connection restored");
    expect(instance.lines.some((line) => line.msg === "crashed")).toBe(false);
  } finally {
    await database.close();
  }
});

test("unreachable at start-up: alive, not ready, 503 at once; it starts by itself when the database comes", async () => {
  const database = await createDatabase();
  const relay = await startPostgresRelay();
  relay.cut();
  try {
    const instance = await startInstance({
      env: { DATABASE_URL: relay.urlFor(database.url) },
      waitFor: "listening",
    });
    expect((await timed(`${instance.url}/healthz`)).status).toBe(200);
    const ready = await timed(`${instance.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toContain("starting");
    const page = await timed(`${instance.url}/`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.ms).toBeLessThan(1_000);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.body).toContain("Back in a moment");
    expect(page.body).toContain(page.headers.get("x-request-id")!);

    relay.restore();
    await waitFor(async () => (await timed(`${instance.url}/readyz`)).status === 200, "the instance to start");
    expect((await timed(`${instance.url}/`)).status).toBe(200);
  } finally {
    await relay.close();
    await database.drop();
  }
});

test("a database URL pointing at a closed port: 503 at once, not a hang", async () => {
  const instance = await startInstance({
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/none` },
    waitFor: "listening",
  });
  const page = await timed(`${instance.url}/ride/anything`);
  expect(page.status).toBe(503);
  expect(page.ms).toBeLessThan(1_000);
  expect((await timed(`${instance.url}/readyz`)).status).toBe(503);
});
