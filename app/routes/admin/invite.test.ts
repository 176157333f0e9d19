import pino from "pino";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { requestContext, servicesContext, type AppServices } from "~/context";
import { TEAM_MESSAGES } from "~/domain/team";
import { readEnv } from "~/server/env.server";
import { createInvite } from "~/server/team/team.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { action, loader } from "./invite";
import { insertUser, testRequestInfo } from "../../../tests/support/fixtures";

// Decision 026 (note of 2026-11-26): an invitation whose address became an admin's meanwhile says
// so on its page, and accepting it is refused; it neither changes the admin's role nor signs the
// link holder in.

describeEachEngine("invitation page", (getDb) => {
  function args(token: string, body?: URLSearchParams) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { db: getDb(), env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices);
    context.set(requestContext, testRequestInfo());
    const url = `http://localhost/admin/invite/${token}`;
    const request = body ? new Request(url, { method: "POST", body }) : new Request(url);
    return { request, context, params: { token } } as never;
  }

  async function refusal(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (thrown) {
      return thrown;
    }
    throw new Error("not refused");
  }

  it("an invitation for someone who is already an admin shows why it no longer applies, and is refused", async () => {
    const db = getDb();
    const { user: founder } = await createOrPromoteAdmin(db, {
      email: "founder@example.com",
      password: "founder-pass",
    });
    const { token } = await createInvite(db, { email: "sam@example.com", role: "captain" }, founder.id);
    await insertUser(db, { id: "sam", email: "sam@example.com", role: "owner", displayName: "Sam" });

    for (const run of [
      () => loader(args(token)),
      () => action(args(token, new URLSearchParams({ method: "password", password: "link-holder-pass" }))),
    ]) {
      expect(await refusal(run)).toMatchObject({
        init: { status: 409 },
        data: { message: TEAM_MESSAGES.inviteeOnTeam },
      });
    }
    expect(await db.selectFrom("users").select("role").where("id", "=", "sam").executeTakeFirst()).toEqual({
      role: "owner",
    });
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
  });
});
