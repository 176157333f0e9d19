import pino from "pino";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { type AppServices, requestContext, servicesContext } from "~/context";
import { readEnv } from "~/server/env.server";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { insertUser } from "../../../tests/support/fixtures";
import { adminMiddleware, getAdminUser } from "./admin-session.server";
import { createSession } from "./sessions.server";

function contextFor(db: Database): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, { db, env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices);
  context.set(requestContext, { requestId: "r", nonce: "n", clientIp: "127.0.0.1", secure: false, origin: "http://x" });
  return context;
}

async function userWithSession(db: Database, role: string): Promise<{ id: string; cookie: string }> {
  const id = crypto.randomUUID();
  await insertUser(db, { id, email: `${id}@roadbook.test`, role });
  const { token } = await createSession(db, id);
  return { id, cookie: `roadbook_session=${token}` };
}

const [wrapResponse] = adminMiddleware;

describeEachEngine("admin session", (getDb) => {
  it("a demoted admin loses access on the next request", async () => {
    const db = getDb();
    const { id, cookie } = await userWithSession(db, "owner");
    const request = new Request("http://x/admin", { headers: { Cookie: cookie } });
    expect((await getAdminUser(request, contextFor(db)))?.id).toBe(id);
    await db.updateTable("users").set({ role: "member" }).where("id", "=", id).execute();
    expect(await getAdminUser(request, contextFor(db))).toBeNull();
  });

  it("marks every admin response uncacheable, read-only ones too, and drops a session cookie that opens nothing", async () => {
    const db = getDb();
    const request = new Request("http://x/admin", { headers: { Cookie: "roadbook_session=stale" } });
    const args = { request, url: new URL(request.url), pattern: "/admin", context: contextFor(db), params: {} };
    const call = async (response: Response) => (await wrapResponse!(args, async () => response)) as Response;

    const redirected = await call(Response.redirect("http://x/admin/rides", 302));
    expect(redirected.headers.get("cache-control")).toBe("private, no-store");
    expect(redirected.headers.get("location")).toBe("http://x/admin/rides");

    const refused = await call(new Response(null, { status: 401 }));
    expect(refused.headers.get("set-cookie")).toBe("roadbook_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
