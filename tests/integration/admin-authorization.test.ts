import { mkdtempSync, rmSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { type ViteDevServer, createServer as createViteServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AppContext from "~/context";
import { type AdminRole, hasRole } from "~/domain/roles";
import { createSession } from "~/server/auth/sessions.server";
import type { Database } from "~/server/db/schema.server";
import { createInvite } from "~/server/team/team.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import type { Boot, Server } from "../../server/app";
import { listTables } from "../support/databases";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";

// Every route of the route table, asked by someone who is not an admin, through the real HTTP
// stack (Express shell, security middlewares, React Router, the route modules), must refuse and
// change nothing. The routes are read from the server build, so a route added later is covered
// without anyone remembering to add it here; one outside the admin layout must be named below.

const ADMIN_LAYOUT = "routes/admin/layout";

/** Routes under /admin that are deliberately outside the guarded layout: signing in and out. */
const SIGN_IN_ENDPOINTS: Record<string, { get: number; post: number }> = {
  "/admin/login": { get: 302, post: 400 },
  "/admin/logout": { get: 302, post: 302 },
  "/admin/auth/google": { get: 302, post: 302 },
  "/admin/auth/google/callback": { get: 302, post: 405 },
  // Passkey sign-in takes JSON: a form is a bad request, and signs no one in.
  "/admin/auth/passkey": { get: 302, post: 400 },
  // An invitation link whose token opens nothing: nothing to show, nothing accepted.
  "/admin/invite/x": { get: 404, post: 404 },
};

/** Admin routes outside the layout (to escape the shell) that check the admin session themselves. */
const SELF_GUARDED = ["/admin/featured/preview", "/admin/ride-day/x"];

/**
 * The role matrix (decision 026): the weakest role that may read (GET) and write
 * (POST) each route below the admin layout, by pattern; `led` admits a ride captain only on
 * the rides they lead. Owner ⊃ editor ⊃ ride captain.
 */
type Need = { read: AdminRole; write: AdminRole; led?: true };
const captainReads: Need = { read: "captain", write: "editor" };
const captainsOfTheRide: Need = { read: "captain", write: "captain", led: true };
const ROLE_MATRIX: Record<string, Need> = {
  "/admin": captainReads,
  "/admin/rides": captainReads,
  "/admin/rides/:rideId/route": captainReads,
  "/admin/rides/:rideId/route/gpx": { read: "editor", write: "editor" },
  "/admin/rides/:rideId/riders": captainsOfTheRide,
  "/admin/rides/:rideId/riders.csv": captainsOfTheRide,
  "/admin/rides/:rideId/check-in": captainsOfTheRide,
  "/admin/rides/:rideId/messages": captainsOfTheRide,
  "/admin/rides/:rideId/ride-day.json": captainsOfTheRide,
  "/admin/rides/:rideId/ride-day/sync": captainsOfTheRide,
  "/admin/rides/:rideId/emergency": captainsOfTheRide,
  "/admin/rides/:rideId/captains": { read: "editor", write: "editor" },
  "/admin/rides/:rideId/waiver": { read: "editor", write: "editor" },
  "/admin/rides/:rideId/words": { read: "captain", write: "editor", led: true },
  "/admin/rides/:rideId/photos": { read: "editor", write: "editor" },
  "/admin/waiver": { read: "editor", write: "editor" },
  "/admin/hero": captainReads,
  "/admin/featured": captainReads,
  "/admin/contact": { read: "captain", write: "owner" },
  "/admin/contact/history": { read: "captain", write: "owner" },
  "/admin/publishing/:collection/:recordId": captainReads,
  "/admin/stats": captainReads,
  "/admin/payments/statement": { read: "editor", write: "editor" },
  "/admin/payments/refunds": { read: "editor", write: "editor" },
  "/admin/images": { read: "editor", write: "editor" },
  "/admin/events": captainReads,
  "/admin/riders/:riderId/credit": { read: "editor", write: "editor" },
  "/admin/payments/documents": { read: "editor", write: "owner" },
  "/admin/payments/documents/export": { read: "editor", write: "editor" },
  "/admin/team": { read: "owner", write: "owner" },
  "/admin/riders": { read: "editor", write: "editor" },
  "/admin/riders/:riderId": { read: "editor", write: "editor" },
  "/admin/account": { read: "captain", write: "captain" },
  "/admin/account/passkeys": { read: "captain", write: "captain" },
};

/** Who asks, in the matrix: each role, and a ride captain on a ride they lead (ride `x`, the URLs' parameter). */
const ASKERS = ["owner", "editor", "captain", "captain of the ride"] as const;
type Asker = (typeof ASKERS)[number];

function admits(need: AdminRole, led: boolean | undefined, asker: Asker): boolean {
  const role: AdminRole = asker === "captain of the ride" ? "captain" : asker;
  if (!hasRole(role, need)) return false;
  return !(led && role === "captain" && asker !== "captain of the ride");
}

/** Routes outside /admin with an action, and what an anonymous POST gets there. */
const PUBLIC_ACTIONS: Record<string, number> = {
  // Unknown paths redirect home whatever the method (product.md#navigation).
  "/no/such/page": 302,
  // A rider registers for a ride (decision 020): no such ride, nothing written.
  "/ride/x/register": 404,
  // A rider's private booking page (decision 020): no such token, nothing changed.
  "/booking/x": 404,
  // "Find my booking" (docs/features/registrations.md): with mail off, as here, it renews no link
  // and is refused whatever it is sent (decision 042).
  "/booking": 409,
  // A rider's own passport (docs/features/ride-passport.md): without their session, nothing changed.
  "/me/passport": 401,
  // A rider's account (docs/features/rider-accounts.md): an empty sign-in request is refused with its message.
  "/me": 400,
  // A one-time sign-in link: no such link (gone), no session.
  "/me/link/x": 410,
  // A rider's passkeys in JSON steps: an empty request is refused.
  "/me/passkeys": 400,
  // Saved details and "Your data" (docs/features/rider-data.md): without the rider's session, back to /me.
  "/me/details": 302,
  "/me/data": 302,
  // A seat-transfer link (docs/features/seat-transfer.md): no such link, nothing moved.
  "/transfer/x": 404,
  // Razorpay's webhook (decision 060): online payment is off here (no keys), so nothing answers it.
  "/payments/razorpay/webhook": 404,
};

type RouteEntry = NonNullable<ServerBuild["routes"][string]>;

let vite: ViteDevServer;
let server: Server;
let http: HttpServer;
let base: string;
let db: Database;
let build: ServerBuild;
let dataDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-authz-"));
  Object.assign(process.env, {
    // Vite renders with React's development runtime, which production mode would switch off.
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    S3_BUCKET: "",
    SEED_DEMO: "true",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "loopback",
  });
  for (const name of ["PUBLIC_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "OIDC_ISSUER", "SESSION_SECRET"])
    delete process.env[name];
  vite = await createViteServer({
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "silent",
  });
  const { prepareServer } = (await vite.ssrLoadModule("/server/app.ts")) as {
    prepareServer: (options: { vite: ViteDevServer }) => Boot;
  };
  server = await prepareServer({ vite }).start();
  db = server.services.db;
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  http = server.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => http.once("listening", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  if (http) await new Promise((resolve) => http.close(resolve));
  await server?.close();
  await vite?.close();
  process.env = savedEnv;
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function ancestors(route: RouteEntry): RouteEntry[] {
  const chain: RouteEntry[] = [];
  for (
    let current = route.parentId ? build.routes[route.parentId] : undefined;
    current;
    current = current.parentId ? build.routes[current.parentId] : undefined
  ) {
    chain.push(current);
  }
  return chain;
}

/** The route's pattern, as React Router hands it to middlewares: /admin/rides/:rideId/riders. */
function patternOf(route: RouteEntry): string {
  return `/${[...ancestors(route).reverse(), route]
    .map((entry) => entry.path ?? "")
    .filter(Boolean)
    .join("/")}`;
}

/** A URL that reaches the route: its full path with every parameter filled in. */
function urlOf(route: RouteEntry): string {
  return patternOf(route)
    .replaceAll(/:\w+\??/g, "x")
    .replace(/\*$/, "no/such/page");
}

function isBelowLayout(route: RouteEntry): boolean {
  return ancestors(route).some((entry) => entry.id === ADMIN_LAYOUT);
}

/** Every route that must answer an admin only: below the layout, or guarding itself. */
function isGuarded(route: RouteEntry): boolean {
  return isBelowLayout(route) || SELF_GUARDED.includes(urlOf(route));
}

const allRoutes = () => Object.values(build.routes).filter((route): route is RouteEntry => route !== undefined);

/** Everything an admin could change: every table but the sign-in bookkeeping. */
async function contentSnapshot(): Promise<Record<string, unknown[]>> {
  const tables = (await listTables(db, "sqlite")).filter((table) => table !== "sessions" && table !== "login_attempts");
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) snapshot[table] = (await sql`select * from ${sql.table(table)}`.execute(db)).rows;
  return snapshot;
}

type Attempt = { method: "GET" | "POST"; url: string };

/** Document and data (`.data`) requests, reads and writes, for one route. */
function attemptsFor(route: RouteEntry): Attempt[] {
  const url = urlOf(route);
  const index = route.index ? "?index" : "";
  const data = url === "/" ? "/_root.data" : `${url}.data`;
  return [
    { method: "GET", url },
    { method: "GET", url: data },
    { method: "POST", url: `${url}${index}` },
    { method: "POST", url: `${data}${index}` },
  ];
}

function send({ method, url }: Attempt, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    redirect: "manual",
    headers: {
      Origin: base,
      ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...headers,
    },
    ...(method === "POST" ? { body: "title=Hacked&id=x&intent=delete&status=cancelled" } : {}),
  });
}

/** Refused: 401/403 (or 405, no action), or sent to the admin root (the login screen), or React Router's data redirect there. */
async function expectRefused(response: Response, attempt: Attempt, loginScreen: boolean) {
  const where = `${attempt.method} ${attempt.url} answered ${response.status}`;
  const body = await response.text();
  if (response.status === 401 || response.status === 403) {
    // Below the layout, a page asked for without a session shows the login screen in its place.
    if (loginScreen && !attempt.url.includes(".data") && response.headers.get("content-type")?.includes("text/html")) {
      expect(body, where).toContain('action="/admin/login"');
    }
    return;
  }
  // A write to a route without an action: there is nothing to run.
  if (response.status === 405 && attempt.method === "POST") return;
  if (response.status === 302) {
    expect(response.headers.get("location"), where).toBe("/admin");
    return;
  }
  expect(response.status, where).toBe(202);
  expect(body, where).toMatch(/"redirect","\/admin"/);
}

async function memberCookie(): Promise<string> {
  const { user } = await createOrPromoteAdmin(db, {
    email: `member-${crypto.randomUUID()}@roadbook.test`,
    password: "member-password",
  });
  await db.updateTable("users").set({ role: "member" }).where("id", "=", user.id).execute();
  const { token } = await createSession(db, user.id);
  return `roadbook_session=${token}`;
}

async function adminCookie(role: AdminRole = "owner"): Promise<string> {
  const { user } = await createOrPromoteAdmin(db, {
    email: `admin-${crypto.randomUUID()}@roadbook.test`,
    password: "admin-password",
  });
  await db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  const { token } = await createSession(db, user.id);
  return `roadbook_session=${token}`;
}

async function askerCookie(asker: Asker): Promise<string> {
  if (asker !== "captain of the ride") return adminCookie(asker);
  const cookie = await adminCookie("captain");
  const session = await db
    .selectFrom("sessions")
    .select("user_id")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  await db.insertInto("ride_captains").values({ ride_id: "x", user_id: session.user_id }).execute();
  return cookie;
}

describe("the route table", () => {
  it("has the guarded admin layout with the portal's pages below it", () => {
    const guarded = allRoutes().filter(isGuarded).map(urlOf);
    expect(guarded).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/rides",
        "/admin/rides/x/riders",
        "/admin/rides/x/riders.csv",
        "/admin/rides/x/check-in",
        "/admin/rides/x/messages",
        "/admin/rides/x/route",
        "/admin/rides/x/route/gpx",
        "/admin/hero",
        "/admin/featured",
        "/admin/contact",
        "/admin/stats",
        "/admin/images",
        "/admin/events",
        "/admin/team",
        "/admin/rides/x/captains",
      ]),
    );
  });

  it("puts every admin route below the guarded layout, except the named sign-in endpoints and self-guarded pages", () => {
    const outside = allRoutes()
      .filter((route) => route.id !== ADMIN_LAYOUT && !isBelowLayout(route) && urlOf(route).startsWith("/admin"))
      .map(urlOf)
      .sort();
    expect(outside).toEqual([...Object.keys(SIGN_IN_ENDPOINTS), ...SELF_GUARDED].sort());
  });

  it("has no action outside /admin but the named ones: visitors change nothing on this site", () => {
    const publicActions = allRoutes()
      .filter((route) => route.module.action && !urlOf(route).startsWith("/admin"))
      .map(urlOf)
      .sort();
    expect(publicActions).toEqual(Object.keys(PUBLIC_ACTIONS).sort());
  });
});

describe("admin routes refuse anyone but an admin and change nothing", () => {
  it("an admin's session opens them (so the refusals below are about the session, not the test)", async () => {
    const cookie = await adminCookie();
    const response = await fetch(`${base}/admin/rides`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Logout");
  });

  for (const [who, cookie] of [
    ["anonymous", async () => ""],
    ["a signed-in non-admin", memberCookie],
    ["a forged session token", async () => "roadbook_session=forged-token-that-matches-no-session"],
  ] as const) {
    it(`${who}: every route below the admin layout, read and write, document and data`, async () => {
      const headers = { Cookie: await cookie() };
      const before = await contentSnapshot();
      const guarded = allRoutes().filter(isGuarded);
      expect(guarded.length).toBeGreaterThan(5);
      for (const route of guarded) {
        const loginScreen = isBelowLayout(route);
        for (const attempt of attemptsFor(route))
          await expectRefused(await send(attempt, headers), attempt, loginScreen);
        // An index route's URL without ?index names its parent, the layout: a write to that too.
        const layoutWrite: Attempt = { method: "POST", url: urlOf(route) };
        await expectRefused(await send(layoutWrite, headers), layoutWrite, loginScreen);
      }
      expect(await contentSnapshot()).toEqual(before);
    });
  }

  it("the sign-in endpoints outside the layout do only their own job for an anonymous caller", async () => {
    const before = await contentSnapshot();
    for (const [url, expected] of Object.entries(SIGN_IN_ENDPOINTS)) {
      const get = await send({ method: "GET", url });
      expect(get.status, `GET ${url}`).toBe(expected.get);
      if (get.status === 302) expect(get.headers.get("location"), `GET ${url}`).toBe("/admin");
      const post = await send({ method: "POST", url });
      expect(post.status, `POST ${url}`).toBe(expected.post);
      expect(post.headers.get("set-cookie") ?? "", `POST ${url}`).not.toMatch(/roadbook_session=[^;]/);
    }
    expect(await contentSnapshot()).toEqual(before);
  });

  it("the public actions change nothing either", async () => {
    const before = await contentSnapshot();
    for (const [url, status] of Object.entries(PUBLIC_ACTIONS)) {
      expect((await send({ method: "POST", url })).status, `POST ${url}`).toBe(status);
      expect((await send({ method: "POST", url: `${url}.data` })).status, `POST ${url}.data`).toBeLessThan(500);
    }
    expect(await contentSnapshot()).toEqual(before);
  });

  it("an admin's own browser cannot be made to write from another site (403, nothing changed)", async () => {
    const cookie = await adminCookie();
    const before = await contentSnapshot();
    for (const route of allRoutes().filter((entry) => isGuarded(entry) && entry.module.action)) {
      for (const attempt of attemptsFor(route).filter((entry) => entry.method === "POST")) {
        const response = await send(attempt, { Cookie: cookie, Origin: "https://evil.example" });
        expect(response.status, `${attempt.method} ${attempt.url}`).toBe(403);
      }
    }
    expect(await contentSnapshot()).toEqual(before);
  });
});

describe("the role matrix: each role reaches what its role admits, and is refused (403, nothing changed) the rest", () => {
  it("names every route below the admin layout", () => {
    const below = allRoutes()
      .filter((route) => isBelowLayout(route) && patternOf(route) !== "/admin/*")
      .map(patternOf)
      .sort();
    expect(Object.keys(ROLE_MATRIX).sort()).toEqual(expect.arrayContaining(below));
  });

  for (const asker of ASKERS) {
    it(`${asker}`, async () => {
      const headers = { Cookie: await askerCookie(asker) };
      const before = await contentSnapshot();
      for (const route of allRoutes().filter((entry) => isBelowLayout(entry) && patternOf(entry) !== "/admin/*")) {
        const need = ROLE_MATRIX[patternOf(route)];
        // A route the matrix does not name is refused to everyone: the test above names it.
        // A resource route has no data request of its own (the event stream's would never end).
        const attempts = attemptsFor(route).filter(
          (attempt) => route.module.default || attempt.method !== "GET" || !attempt.url.endsWith(".data"),
        );
        for (const attempt of attempts) {
          const response = await send(attempt, headers);
          await response.body?.cancel();
          const admitted = need && admits(attempt.method === "GET" ? need.read : need.write, need.led, asker);
          const where = `${asker}: ${attempt.method} ${attempt.url} answered ${response.status}`;
          if (admitted) expect([401, 403], where).not.toContain(response.status);
          else expect(response.status, where).toBe(403);
        }
      }
      // A ride captain writes nothing but riders' check-in (of rides that do not exist here):
      // everything refused, nothing changed. (Owners and editors may refresh the statistics.)
      if (asker.startsWith("captain")) expect(await contentSnapshot()).toEqual(before);
    });
  }
});

describe("session cookie over the wire", () => {
  async function signIn(headers: Record<string, string>) {
    const email = `cookie-${crypto.randomUUID()}@roadbook.test`;
    await createOrPromoteAdmin(db, { email, password: "admin-password" });
    return fetch(`${base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ email, password: "admin-password" }),
    });
  }

  it("over http: HttpOnly, SameSite=Lax, Path=/, no Secure", async () => {
    const response = await signIn({ Origin: base });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(
      /^roadbook_session=[\w-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/,
    );
  });

  it("over https (behind a trusted proxy): the __Host- prefix and Secure, and HSTS", async () => {
    const httpsOrigin = base.replace("http:", "https:");
    const response = await signIn({ Origin: httpsOrigin, "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(
      /^__Host-roadbook_session=[\w-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});

describe("a failing request", () => {
  it("shows a friendly page with its request id, logs the error under that id, and leaks no SQL or stack", async () => {
    const cookie = await adminCookie();
    const logged: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void logged.push(line) });
    // React Router's production mode, as in a real deployment (this test's Vite build runs in test mode).
    const handle = createRequestHandler(build, "production");
    // The context keys of the build's own module instance (Vite loaded it, not this test).
    const { requestContext, servicesContext } = (await vite.ssrLoadModule("/app/context.ts")) as typeof AppContext;
    const context = () => {
      const provider = new RouterContextProvider();
      provider.set(servicesContext, { ...server.services, logger });
      provider.set(requestContext, {
        requestId: "req-failing-42",
        nonce: "nonce",
        clientIp: "127.0.0.1",
        secure: false,
        origin: base,
      });
      return provider;
    };

    await sql`alter table sessions rename to sessions_away`.execute(db);
    try {
      const page = await handle(new Request(`${base}/admin/rides`, { headers: { Cookie: cookie } }), context());
      const data = await handle(new Request(`${base}/admin/rides.data`, { headers: { Cookie: cookie } }), context());
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain("req-failing-42");
      for (const body of [html, await data.text()]) {
        expect(body).not.toMatch(/no such table|sqlite|select |sessions_away|\bat .*\.ts:\d+/i);
      }
    } finally {
      await sql`alter table sessions_away rename to sessions`.execute(db);
    }
    const entries = logged.map((line) => JSON.parse(line) as { requestId?: string; err?: { message?: string } });
    expect(
      entries.some((entry) => entry.requestId === "req-failing-42" && /sessions/.test(entry.err?.message ?? "")),
    ).toBe(true);
  });
});

describe("a body an action cannot read is refused with a message and changes nothing", () => {
  /** Actions that read no body: signing out, and the redirects to Google's sign-in. */
  const READS_NO_BODY = new Set(["/admin/logout", "/admin/auth/google", "/admin/auth/google/callback"]);

  /** Bodies no action reads as what it expects: none is a form, and none names an intent of any page. */
  const UNREADABLE: { name: string; type?: string; body: string }[] = [
    { name: "JSON", type: "application/json", body: JSON.stringify({ captain: [], email: "x@example.com" }) },
    { name: "broken JSON", type: "application/json", body: '{"intent":' },
    { name: "plain text", type: "text/plain", body: "captain=&intent=remove" },
    { name: "broken multipart", type: "multipart/form-data; boundary=b", body: "--b\r\nContent-Disposition: form-da" },
    { name: "no content type", body: "captain=&intent=remove" },
  ];

  it("every admin action, for each kind of unreadable body (its captains, team and content kept)", async () => {
    const cookie = await adminCookie("owner");
    const ride = await db.selectFrom("rides").select("id").executeTakeFirstOrThrow();
    const { user: captain } = await createOrPromoteAdmin(db, {
      email: `lead-${crypto.randomUUID()}@roadbook.test`,
      password: "captain-password",
    });
    await db.updateTable("users").set({ role: "captain" }).where("id", "=", captain.id).execute();
    await db.insertInto("ride_captains").values({ ride_id: ride.id, user_id: captain.id }).execute();
    const owner = await db.selectFrom("users").select("id").where("role", "=", "owner").executeTakeFirstOrThrow();
    const { token } = await createInvite(
      db,
      { email: `invitee-${crypto.randomUUID()}@roadbook.test`, role: "editor" },
      owner.id,
    );
    const rider = await findOrCreateRider(db, `rider-${crypto.randomUUID()}@example.com`);
    const fill = (pattern: string) =>
      pattern
        .replace(":rideId", ride.id)
        .replace(":riderId", rider.id)
        .replace(":collection", "rides")
        .replace(":recordId", ride.id)
        .replace(":token", token);
    const actions = allRoutes()
      .filter((route) => route.module.action && patternOf(route).startsWith("/admin"))
      .map((route) => ({ url: fill(patternOf(route)), page: Boolean(route.module.default) }))
      .filter(({ url }) => !READS_NO_BODY.has(url));
    expect(actions.map(({ url }) => url)).toEqual(
      expect.arrayContaining([`/admin/rides/${ride.id}/captains`, "/admin/team", "/admin/login", "/admin/stats"]),
    );

    const before = await contentSnapshot();
    for (const { url, page } of actions) {
      for (const { name, type, body } of UNREADABLE) {
        // A page's action answers React Router's data request; a resource route answers JSON itself.
        const response = await fetch(`${base}${url}${page ? ".data" : ""}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: base, Cookie: cookie, ...(type ? { "Content-Type": type } : {}) },
          body,
        });
        const where = `${name} to ${url} answered ${response.status}`;
        expect([400, 413, 415], where).toContain(response.status);
        expect(await response.text(), where).toMatch(/"(message|error)"[,:]"[^"]{10,}"/);
      }
    }
    expect(await contentSnapshot()).toEqual(before);
  });

  it("40,000 captain ids: refused as too large (413, not a 500), the ride's captains kept", async () => {
    const cookie = await adminCookie("owner");
    const ride = await db.selectFrom("rides").select("id").executeTakeFirstOrThrow();
    const before = await db.selectFrom("ride_captains").selectAll().where("ride_id", "=", ride.id).execute();
    const body = new URLSearchParams(Array.from({ length: 40_000 }, () => ["captain", crypto.randomUUID()]));
    const response = await fetch(`${base}/admin/rides/${ride.id}/captains.data`, {
      method: "POST",
      headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("too large");
    expect(await db.selectFrom("ride_captains").selectAll().where("ride_id", "=", ride.id).execute()).toEqual(before);
  });
});
