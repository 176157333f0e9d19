import type { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { RIDER_PASSKEY_MESSAGES } from "~/features/rider-accounts/domain/passkeys";
import { action as creditAction } from "~/features/credit/routes/admin/rider-credit";
import { action as detailsAction } from "~/features/rider-accounts/routes/public/me-details";
import { action as meAction } from "~/features/rider-accounts/routes/public/me";
import { adminContext } from "~/server/auth/admin-session.server";
import type { Database } from "~/server/db/schema.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { updateSavedDetails } from "~/features/rider-accounts/server/my-details.server";
import { savedDetailsOf } from "~/features/rider-accounts/server/saved-details.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "~/features/rider-accounts/server/sessions.server";
import { describeEachEngine } from "../support/databases";
import { riderForm } from "../support/registration-fixtures";
import { routeAnswer, routeContext } from "../support/route-context";

// Refusals of the riders' account pages that npm run fuzz found changing data or saying nothing:
// each is refused with a message and writes nothing (docs/features/rider-accounts.md, rider-data.md,
// credit.md), through the route actions on both engines.

const ORIGIN = "http://roadbook.test";
const OWNER = { id: "owner-1", email: "owner@roadbook.test", role: "owner" };

function contextFor(db: Database): RouterContextProvider {
  const context = routeContext({ db }, { clientIp: "203.0.113.9", origin: ORIGIN });
  context.set(adminContext, OWNER as never);
  return context;
}

function post(path: string, body: string, type: string, cookie?: string): Request {
  const headers: Record<string, string> = { "content-type": type };
  if (cookie) headers.cookie = cookie;
  return new Request(ORIGIN + path, { method: "POST", body, headers });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

/** What an action answered: its status and data, whether returned or thrown. */
async function signedIn(db: Database, email: string) {
  const rider = await findOrCreateRider(db, email);
  return { rider, cookie: `${RIDER_SESSION_COOKIE}=${await startRiderSession(db, rider.id, undefined)}` };
}

describeEachEngine("the riders' account pages' refusals", (getDb) => {
  it("/me: another rider's passkey is not removed, and the page says so; an unknown intent asks for nothing", async () => {
    const db = getDb();
    const { cookie } = await signedIn(db, "own@example.com");
    const other = await findOrCreateRider(db, "other@example.com");
    await db
      .insertInto("rider_passkeys")
      .values({
        id: "other-key",
        rider_id: other.id,
        name: "Other's phone",
        public_key: "key",
        counter: 0,
        transports: "[]",
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
    const context = contextFor(db);
    const removal = await routeAnswer(() =>
      meAction({
        request: post("/me", form({ intent: "remove-passkey", passkey: "other-key" }), FORM, cookie),
        context,
      } as never),
    );
    expect(removal).toMatchObject({ status: 404, body: { formError: RIDER_PASSKEY_MESSAGES.notFound } });
    expect(await db.selectFrom("rider_passkeys").select("id").execute()).toEqual([{ id: "other-key" }]);

    for (const [body, type] of [
      [form({ intent: "sign-in", email: "own@example.com" }), FORM],
      // Not a form: it read as one without an intent, which was a request for a link.
      ["intent=request-link\nemail=own@example.com", "text/plain"],
    ]) {
      const unknown = await routeAnswer(() =>
        meAction({ request: post("/me", body!, type!, cookie), context } as never),
      );
      expect(unknown).toMatchObject({ status: 400, body: { formError: "Choose what to do on this page." } });
    }
    expect(await db.selectFrom("rider_sign_in_links").selectAll().execute()).toEqual([]);
  });

  it("/me/details: a body that is not the page's form (no fields, or an unknown intent) keeps the saved details", async () => {
    const db = getDb();
    const { rider, cookie } = await signedIn(db, "details@example.com");
    await updateSavedDetails(db, rider.id, riderForm(1, { email: rider.email }));
    const kept = await savedDetailsOf(db, rider.id);
    const context = contextFor(db);
    for (const [body, type, formError] of [
      // Not a form: it read as one without fields, and saved every detail blank.
      [
        "name=Ravi\nmobile=9800000001",
        "text/plain",
        "The form could not be read. Please send it again from this page.",
      ],
      [form({ name: "Ravi" }), FORM, "The form could not be read. Please send it again from this page."],
      [form({ intent: "wipe", name: "Ravi" }), FORM, "Choose what to do on this page."],
    ]) {
      const answer = await routeAnswer(() =>
        detailsAction({ request: post("/me/details", body!, type!, cookie), context } as never),
      );
      expect(answer).toMatchObject({ status: 400, body: { formError } });
    }
    expect(await savedDetailsOf(db, rider.id)).toEqual(kept);
  });

  it("a credit ledger's post for no rider is not found, whatever it asks", async () => {
    const db = getDb();
    const context = contextFor(db);
    const posts: Record<string, string>[] = [
      { intent: "shout" },
      { intent: "adjust", amount: "+500", note: "Goodwill" },
    ];
    for (const fields of posts) {
      const answer = await routeAnswer(() =>
        creditAction({
          request: post("/admin/riders/no-such-rider/credit", form(fields), FORM),
          context,
          params: { riderId: "no-such-rider" },
        } as never),
      );
      expect(answer).toMatchObject({ status: 404, body: { message: "Rider not found" } });
    }
    expect(await db.selectFrom("credit_entries").selectAll().execute()).toEqual([]);
  });
});
