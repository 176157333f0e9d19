import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import * as teamMigration from "../../../migrations/2026-11-27T1300_team";
import { TEAM_MESSAGES } from "~/domain/team";
import { describeEachEngine } from "../../../tests/support/databases";
import { snapshot, insertUser } from "../../../tests/support/fixtures";
import { createSession } from "../auth/sessions.server";
import { listRecentActivity } from "../audit/audit.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import {
  INVITE_VALID_MS,
  acceptInvite,
  changeRole,
  createInvite,
  findInvite,
  listPendingInvites,
  listTeam,
  removeAdmin,
  rideCaptains,
  setRideCaptains,
} from "./team.server";
import { createOrPromoteAdmin, verifyUserPassword } from "./users.server";

describeEachEngine("team service", (getDb) => {
  async function owner(email = `owner-${crypto.randomUUID()}@roadbook.test`) {
    return (await createOrPromoteAdmin(getDb(), { email, password: "owner-password" })).user;
  }

  async function invited(email: string, role: string, by: string) {
    const { token } = await createInvite(getDb(), { email, role }, by);
    const { userId } = await acceptInvite(getDb(), token, { method: "password", password: "joined-password" });
    return userId;
  }

  it("an invitation, its audit row and its mail are one command: the mail waits in the outbox; a refusal leaves none", async () => {
    const db = getDb();
    const boss = await owner();
    const actor = { id: boss.id, email: boss.email };
    const { token, invite } = await createInvite(
      db,
      { email: "New@Roadbook.test", role: "editor" },
      boss.id,
      new Date(),
      {
        actor,
        mail: { origin: "https://rides.example" },
      },
    );
    const mails = await db.selectFrom("outbox").select(["kind", "payload"]).where("kind", "=", "team-mail").execute();
    expect(mails).toHaveLength(1);
    const { mail } = JSON.parse(mails[0]!.payload) as { mail: { to: string; subject: string; text: string } };
    expect(mail.to).toBe(invite.email);
    expect(mail.text).toContain(`${boss.email} invites you`);
    expect(mail.text).toContain(`https://rides.example/admin/invite/${token}`);
    expect((await listRecentActivity(db))[0]).toMatchObject({
      action: "created",
      collection: "team",
      summary: "Invited new@roadbook.test as Editor",
    });

    // Without `mail` (SMTP off) no mail is queued; a refused invitation queues and audits nothing.
    await createInvite(db, { email: "other@roadbook.test", role: "captain" }, boss.id);
    await expect(
      createInvite(db, { email: boss.email, role: "editor" }, boss.id, new Date(), {
        actor,
        mail: { origin: "https://rides.example" },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await db.selectFrom("outbox").select("id").where("kind", "=", "team-mail").execute()).toHaveLength(1);
    expect(await listRecentActivity(db)).toHaveLength(1);
  });

  it("the migration makes every existing admin an owner, and leaves other users as they were", async () => {
    const db = getDb();
    await teamMigration.down(db as unknown as Kysely<unknown>);
    await insertUser(db, { id: "old-admin", email: "old-admin@roadbook.test", role: "admin" });
    await insertUser(db, { id: "a-member", email: "a-member@roadbook.test", role: "member" });
    await teamMigration.up(db as unknown as Kysely<unknown>);
    const roles = await db.selectFrom("users").select(["id", "role"]).orderBy("id").execute();
    expect(roles).toEqual([
      { id: "a-member", role: "member" },
      { id: "old-admin", role: "owner" },
    ]);
  });

  it("an invitation is accepted once: the invitee gets the role and the password, the link then opens nothing", async () => {
    const db = getDb();
    const founder = await owner();
    const { token, invite } = await createInvite(db, { email: " Ravi@Example.com ", role: "editor" }, founder.id);
    expect(invite).toMatchObject({ email: "ravi@example.com", role: "editor" });
    expect(await listPendingInvites(db)).toHaveLength(1);
    expect(await findInvite(db, token)).toMatchObject({ email: "ravi@example.com" });

    await acceptInvite(db, token, { method: "password", displayName: "Ravi", password: "ravi-rides-far" });
    expect(await verifyUserPassword(db, "ravi@example.com", "ravi-rides-far")).toMatchObject({ role: "editor" });
    expect(await findInvite(db, token)).toBeNull();
    expect(await listPendingInvites(db)).toEqual([]);
    await expect(acceptInvite(db, token, { method: "password", password: "another-password" })).rejects.toThrow(
      NotFoundError,
    );
    const team = await listTeam(db);
    expect(team.map((member) => [member.email, member.role])).toEqual([
      [founder.email, "owner"],
      ["ravi@example.com", "editor"],
    ]);
  });

  it("an expired invitation opens nothing; a short password is refused and spends nothing", async () => {
    const db = getDb();
    const founder = await owner();
    const past = new Date(Date.now() - INVITE_VALID_MS - 1000);
    const old = await createInvite(db, { email: "late@example.com", role: "captain" }, founder.id, past);
    expect(await findInvite(db, old.token)).toBeNull();
    await expect(acceptInvite(db, old.token, { method: "password", password: "long-enough-1" })).rejects.toThrow(
      NotFoundError,
    );

    const fresh = await createInvite(db, { email: "late@example.com", role: "captain" }, founder.id);
    await expect(acceptInvite(db, fresh.token, { method: "password", password: "short" })).rejects.toThrow(
      ValidationError,
    );
    expect(await findInvite(db, fresh.token)).not.toBeNull();
  });

  it("refuses to invite an admin, or with a role that does not exist", async () => {
    const db = getDb();
    const founder = await owner();
    await expect(createInvite(db, { email: founder.email, role: "editor" }, founder.id)).rejects.toMatchObject({
      errors: { email: TEAM_MESSAGES.alreadyAdmin },
    });
    await expect(createInvite(db, { email: "x@example.com", role: "admin" }, founder.id)).rejects.toThrow(
      ValidationError,
    );
    expect(await listPendingInvites(db)).toEqual([]);
  });

  it("an old invitation cannot demote someone who became an owner meanwhile (decision 026, note of 2026-11-26): admin:create withdraws it", async () => {
    const db = getDb();
    const founder = await owner();
    const { token } = await createInvite(db, { email: "sam@example.com", role: "captain" }, founder.id);
    await createOrPromoteAdmin(db, { email: "sam@example.com", password: "sam-owner-password" });
    expect(await listPendingInvites(db)).toEqual([]);
    await removeAdmin(db, founder.id);

    await expect(acceptInvite(db, token, { method: "password", password: "link-holder-password" })).rejects.toThrow(
      NotFoundError,
    );
    expect(await verifyUserPassword(db, "sam@example.com", "sam-owner-password")).toMatchObject({ role: "owner" });
    expect((await listTeam(db)).map((member) => [member.email, member.role])).toEqual([["sam@example.com", "owner"]]);
  });

  it("an invitation whose address is already an admin's, however they became one, is refused and changes nothing", async () => {
    const db = getDb();
    const founder = await owner();
    const { token } = await createInvite(db, { email: "sam@example.com", role: "captain" }, founder.id);
    const { token: other } = await createInvite(db, { email: "ravi@example.com", role: "editor" }, founder.id);
    // Made an owner by a path that left the invitation pending (one from before withdrawal existed).
    await insertUser(db, { id: "sam", email: "sam@example.com", role: "owner", displayName: "Sam" });
    expect(await findInvite(db, token)).toMatchObject({ email: "sam@example.com", onTeam: true });
    expect(await findInvite(db, other)).toMatchObject({ email: "ravi@example.com", onTeam: false });
    const invites = () => db.selectFrom("invites").selectAll().orderBy("id").execute();
    const before = { ...(await snapshot(db)), invites: await invites() };
    for (const choice of [{ method: "password", password: "link-holder-password" }, { method: "google" }])
      await expect(acceptInvite(db, token, choice)).rejects.toMatchObject({ message: TEAM_MESSAGES.inviteeOnTeam });
    expect({ ...(await snapshot(db)), invites: await invites() }).toEqual(before);
  });

  it("accepting an invitation withdraws every other pending invitation of the address", async () => {
    const db = getDb();
    const founder = await owner();
    const { token } = await createInvite(db, { email: "meera@example.com", role: "editor" }, founder.id);
    // A second pending invitation of the same address (two owners inviting in the same moment).
    await db
      .insertInto("invites")
      .values({
        id: "second",
        email: "meera@example.com",
        role: "owner",
        invited_by: founder.id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + INVITE_VALID_MS).toISOString(),
        accepted_at: null,
      })
      .execute();
    await acceptInvite(db, token, { method: "password", password: "meera-rides-far" });
    expect(await listPendingInvites(db)).toEqual([]);
  });

  it("the last owner can be neither demoted nor removed; with two owners, one can", async () => {
    const db = getDb();
    const founder = await owner();
    await expect(changeRole(db, founder.id, "editor")).rejects.toMatchObject({
      errors: { role: TEAM_MESSAGES.lastOwner },
    });
    await expect(removeAdmin(db, founder.id)).rejects.toThrow(ValidationError);
    const second = await invited("second@example.com", "owner", founder.id);
    await changeRole(db, founder.id, "editor");
    await expect(removeAdmin(db, second)).rejects.toThrow(ValidationError);
    expect((await listTeam(db)).map((member) => member.role).sort()).toEqual(["editor", "owner"]);
  });

  it("two owners demoting each other at the same moment leave one owner", async () => {
    const db = getDb();
    const a = await owner();
    const b = await owner();
    const results = await Promise.allSettled([changeRole(db, a.id, "editor"), changeRole(db, b.id, "editor")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await listTeam(db)).filter((member) => member.role === "owner")).toHaveLength(1);
  });

  it("removing an admin ends their sessions and leaves no way in", async () => {
    const db = getDb();
    const founder = await owner();
    const editor = await invited("gone@example.com", "editor", founder.id);
    await createSession(db, editor);
    await createSession(db, editor);
    expect((await listTeam(db)).find((member) => member.id === editor)?.activeSessions).toBe(2);

    await removeAdmin(db, editor);
    expect(await db.selectFrom("sessions").selectAll().where("user_id", "=", editor).execute()).toEqual([]);
    expect(await verifyUserPassword(db, "gone@example.com", "joined-password")).toBeNull();
    expect((await listTeam(db)).map((member) => member.id)).toEqual([founder.id]);
  });

  it("a ride's captains are ride captains of the team; a captain who changes role stops leading", async () => {
    const db = getDb();
    const founder = await owner();
    const captain = await invited("captain@example.com", "captain", founder.id);
    const editor = await invited("editor@example.com", "editor", founder.id);
    await expect(setRideCaptains(db, "spiti", [captain, editor])).rejects.toMatchObject({
      errors: { captains: TEAM_MESSAGES.notCaptain },
    });
    expect((await rideCaptains(db, "spiti")).chosen).toEqual([]);
    await setRideCaptains(db, "spiti", [captain]);
    expect(await rideCaptains(db, "spiti")).toMatchObject({ chosen: [captain], captains: [{ id: captain }] });
    await changeRole(db, captain, "editor");
    expect((await rideCaptains(db, "spiti")).chosen).toEqual([]);
  });

  it("a ride's captains are a bounded list of ids: too many, or anything but an id, is refused and the captains kept", async () => {
    const db = getDb();
    const founder = await owner();
    const captain = await invited("lead@example.com", "captain", founder.id);
    await setRideCaptains(db, "spiti", [captain]);
    const many = Array.from({ length: 40_000 }, () => crypto.randomUUID());
    await expect(setRideCaptains(db, "spiti", [captain, ...many])).rejects.toMatchObject({
      errors: { captains: TEAM_MESSAGES.tooManyCaptains },
    });
    for (const ids of [[captain, new File(["x"], "x")], [captain, ""], [captain, "x".repeat(500)], "not a list"]) {
      await expect(setRideCaptains(db, "spiti", ids)).rejects.toBeInstanceOf(ValidationError);
    }
    expect((await rideCaptains(db, "spiti")).chosen).toEqual([captain]);
  });
});
