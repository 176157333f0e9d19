import { sql } from "kysely";
import type { Database } from "~/server/db/schema.server";
import { rideInput } from "../support/fixtures.ts";
import { twoToneJpeg } from "../support/image-fixtures.ts";
import { freePort } from "../support/ports.ts";
import { type LocalS3, startLocalS3 } from "../support/s3.ts";
import { type AdminLogin, createAdmin } from "./support/ops-admin.ts";
import {
  type Instance,
  startInstance,
  stopAllInstances,
  terminateConnections,
  waitFor,
} from "./support/ops-support.ts";
import { type SharedPostgres, sharedPostgres, skipWithoutPostgres } from "./support/shared-postgres.ts";
import { expect, test } from "./support/fixtures.ts";

// Two production instances that share nothing but one PostgreSQL
// database and one S3 bucket (s3rver), as N instances behind a load balancer would.

skipWithoutPostgres();
// One pair of instances for the whole file, its tests in order in one worker.
test.describe.configure({ mode: "default" });

let database: SharedPostgres;
let s3: LocalS3;
let db: Database;
let a: Instance;
let b: Instance;
let admin: AdminLogin;

test.beforeAll(async () => {
  database = await sharedPostgres();
  s3 = await startLocalS3("roadbook-scale-out");
  const portOfA = await freePort();
  const env = {
    ...database.env,
    S3_BUCKET: s3.config.bucket,
    S3_ENDPOINT: s3.config.endpoint ?? "",
    S3_REGION: s3.config.region,
    S3_ACCESS_KEY_ID: s3.config.credentials?.accessKeyId ?? "",
    S3_SECRET_ACCESS_KEY: s3.config.credentials?.secretAccessKey ?? "",
    S3_FORCE_PATH_STYLE: "true",
    // Behind one load balancer every instance has the site's one address (docs/deploy.md), so
    // the absolute links of their pages (canonical, share card) and so their ETags agree.
    PUBLIC_URL: `http://127.0.0.1:${portOfA}`,
  };
  // Started together, on a new database: one migrates and seeds, the other waits for it.
  [a, b] = await Promise.all([startInstance({ port: portOfA, env }), startInstance({ env })]);
  db = database.db;
  admin = await createAdmin(db, "scale-out-admin@roadbook.test");
});

test.afterAll(async () => {
  await stopAllInstances({}, test.info());
  await s3?.close();
  await database?.close();
});

async function signIn(instance: Instance, email: string, password: string) {
  return fetch(`${instance.url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
}

async function sessionCookie(instance: Instance): Promise<string> {
  const response = await signIn(instance, admin.email, admin.password);
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("roadbook_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

async function createRideThrough(instance: Instance, cookie: string, title: string): Promise<string> {
  const response = await fetch(`${instance.url}/admin/rides`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ intent: "create", ride: rideInput({ title }) }),
  });
  expect(response.status).toBe(200);
  const row = await db
    .selectFrom("rides")
    .select("id")
    .where(sql<string>`data::jsonb->>'title'`, "=", title)
    .executeTakeFirst();
  expect(row, `ride "${title}" stored`).toBeDefined();
  return row!.id;
}

async function page(instance: Instance, path: string) {
  const response = await fetch(`${instance.url}${path}`);
  return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
}

/**
 * Until the page on the instance shows the text. Nothing polls the database behind a render
 * cache: a page that changes was told to, by the other instance's notification.
 */
async function untilShown(instance: Instance, path: string, text: string): Promise<void> {
  await waitFor(async () => (await page(instance, path)).body.includes(text), `"${text}" on ${instance.url}${path}`);
}

test("both instances start on one new database: migrated and seeded once", async () => {
  const seeded = await db
    .selectFrom("rides")
    .select(({ fn }) => fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const [onA, onB] = await Promise.all([page(a, "/"), page(b, "/")]);
  expect(onA.status).toBe(200);
  expect(onB.status).toBe(200);
  // Same content, same ETag: a CDN or a browser can revalidate against either instance.
  expect(onA.etag).toBe(onB.etag);
  expect(Number(seeded.n)).toBeGreaterThan(0);
  const seededBy = [...a.lines, ...b.lines].filter((line) => line.msg === "demo content seeded");
  expect(seededBy).toHaveLength(1);
});

test("a ride added through instance A is on instance B's cached public pages, B being told of it", async () => {
  const cookie = await sessionCookie(a);
  // B has the home page in its render cache: the same ETag twice, and it does not show the ride.
  const cached = await page(b, "/");
  expect((await page(b, "/")).etag).toBe(cached.etag);
  const title = `Scale-out ride ${Date.now()}`;
  expect(cached.body).not.toContain(title);

  const id = await createRideThrough(a, cookie, title);
  await untilShown(b, "/", title);
  const details = await page(b, `/ride/${id}`);
  expect(details.status).toBe(200);
  expect(details.body).toContain(title);
});

test("the admin live-update stream of instance B reports a change made through instance A", async () => {
  const cookie = await sessionCookie(a);
  const controller = new AbortController();
  const stream = await fetch(`${b.url}/admin/events`, {
    headers: { cookie, Accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  const readUntil = async (text: string) => {
    while (!received.includes(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }
  };
  // B has subscribed once it says so; then the change is made on A.
  await readUntil(": connected");
  await createRideThrough(a, cookie, `Live ride ${Date.now()}`);
  await readUntil('"collection":"rides"');
  expect(received).toMatch(/event: content\ndata: \{"collection":"rides","id":"[^"]+","action":"created"\}/);
  controller.abort();
});

test("a session made on instance A is valid on instance B", async () => {
  const cookie = await sessionCookie(a);
  const withSession = await fetch(`${b.url}/admin/rides`, { headers: { cookie } });
  expect(withSession.status).toBe(200);
  expect(await withSession.text()).toContain("Ride Management");
  expect((await fetch(`${b.url}/admin/rides`)).status).toBe(401);
});

test("an image uploaded through instance A is served by instance B", async () => {
  const cookie = await sessionCookie(a);
  const upload = await fetch(`${a.url}/admin/images?name=pass.jpg&folder=rides`, {
    method: "POST",
    headers: { cookie, "Content-Type": "image/jpeg" },
    body: new Uint8Array(await twoToneJpeg(1600, 900)),
  });
  expect(upload.status).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const served = await fetch(new URL(url, b.url));
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toMatch(/^image\//);
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
});

test("after both listening connections are cut, changes still reach the other instance", async () => {
  const cookie = await sessionCookie(b);
  expect(await terminateConnections(database.name, "roadbook-listener")).toBe(2);
  for (const instance of [a, b])
    await instance.waitForLine((line) => line.msg === "content notification connection restored");
  await page(a, "/");
  const title = `After reconnection ${Date.now()}`;
  await createRideThrough(b, cookie, title);
  await untilShown(a, "/", title);
});

// Last: it leaves 127.0.0.1 throttled for this database's sign-ins.
test("failed sign-ins are counted across both instances", async () => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const instance = attempt % 2 === 0 ? a : b;
    statuses.push((await signIn(instance, "nobody@roadbook.test", "wrong password")).status);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  const onA = await signIn(a, "nobody@roadbook.test", "wrong password");
  expect(onA.status).toBe(429);
  expect(await onA.text()).toContain("Too many sign-in attempts");
});
