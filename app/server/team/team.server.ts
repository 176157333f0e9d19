import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AuditActor } from "~/domain/audit";
import { loginSchema } from "~/domain/content";
import { text } from "~/domain/fields";
import { adminInviteHref } from "~/domain/admin-links";
import { ADMIN_ROLES, type AdminRole, ROLE_LABELS, isAdminRole } from "~/domain/roles";
import { SITE_NAME } from "~/domain/site";
import { MAX_RIDE_CAPTAINS, type PendingInvite, TEAM_MESSAGES, type TeamMember } from "~/domain/team";
import { hashPassword } from "../auth/password.server";
import { hashOfToken, newSecretToken } from "../auth/secret-token.server";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { withRowLock } from "../db/row-lock.server";
import { ConflictError, NotFoundError, ValidationError } from "../validation/errors.server";
import { getRide } from "../rides/rides.server";
import { MIN_PASSWORD_LENGTH, normaliseEmail, withdrawInvites } from "./users.server";
import { parseOrThrow } from "../validation/validate.server";
import { serverClock } from "../clock.server";

/** An invitation link works this long, once (decision 026). */
export const INVITE_VALID_MS = 72 * 60 * 60 * 1000;

const roleSchema = z.enum(ADMIN_ROLES, { error: "Choose a role: owner, editor or ride captain" });

/** The admins, owners first, with what the Team page shows of each. */
export async function listTeam(db: Executor, now = serverClock()): Promise<TeamMember[]> {
  const users = await db
    .selectFrom("users")
    .select(["id", "email", "display_name", "role", "last_login_at", "totp_secret"])
    .where("role", "in", [...ADMIN_ROLES])
    .orderBy("email")
    .execute();
  const sessions = await db
    .selectFrom("sessions")
    .select(["user_id", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("idle_expires_at", ">", now.toISOString())
    .groupBy("user_id")
    .execute();
  const passkeyOwners = new Set(
    (await db.selectFrom("passkeys").select("user_id").distinct().execute()).map((row) => row.user_id),
  );
  const sessionCount = new Map(sessions.map((row) => [row.user_id, Number(row.count)]));
  return users
    .filter((row) => isAdminRole(row.role))
    .map((row) => ({
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      role: row.role as AdminRole,
      lastLoginAt: row.last_login_at,
      activeSessions: sessionCount.get(row.id) ?? 0,
      twoFactor: row.totp_secret !== null || passkeyOwners.has(row.id),
    }))
    .sort((a, b) => ADMIN_ROLES.indexOf(a.role) - ADMIN_ROLES.indexOf(b.role));
}

export async function listPendingInvites(db: Executor, now = serverClock()): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom("invites")
    .select(["id", "email", "role", "created_at", "expires_at"])
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows
    .filter((row) => isAdminRole(row.role))
    .map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role as AdminRole,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    }));
}

const inviteSchema = z.object({ email: loginSchema.shape.email, role: roleSchema });

/** Who changes the team, whom the audit trail names; without one (scripts, tests) the trail has no entry. */
export type TeamWriteOptions = { actor?: AuditActor };

export type InviteOptions = TeamWriteOptions & {
  /**
   * Mail the invitee the link, built on this origin, from the outbox (decision 029): enqueued
   * in the invitation's own command, so it exists exactly when the invitation does.
   */
  mail?: { origin: string };
};

/** The invitation's mail: who invites, as what, and the link (a secret, emptied from the outbox once sent). */
function inviteMail(invite: PendingInvite, inviteUrl: string, inviter: string) {
  return {
    to: invite.email,
    subject: `You are invited to the ${SITE_NAME} admin team`,
    text: [
      `${inviter} invites you to the ${SITE_NAME} admin portal as ${ROLE_LABELS[invite.role]}.`,
      "",
      `Open this link within 72 hours to join (it works once): ${inviteUrl}`,
    ].join("\n"),
  };
}

/**
 * A one-time invitation for `email` with `role`; the token (for the link) is returned once and
 * only its hash is stored. An earlier pending invitation for the same address stops working.
 * One command: the invitation, its audit row (with `actor`) and its mail (with `mail`).
 */
export async function createInvite(
  db: Database,
  input: unknown,
  invitedBy: string,
  now = serverClock(),
  { actor, mail }: InviteOptions = {},
): Promise<{ token: string; invite: PendingInvite }> {
  const { email: rawEmail, role } = parseOrThrow(inviteSchema, input);
  const email = normaliseEmail(rawEmail);
  return runCommand(db, async (command) => {
    const { trx } = command;
    const existing = await trx.selectFrom("users").select("role").where("email", "=", email).executeTakeFirst();
    if (existing && isAdminRole(existing.role)) throw new ValidationError({ email: TEAM_MESSAGES.alreadyAdmin });
    await withdrawInvites(trx, email);
    const { token, hash } = newSecretToken();
    const invite = {
      id: hash,
      email,
      role,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITE_VALID_MS).toISOString(),
    };
    await trx
      .insertInto("invites")
      .values({
        id: invite.id,
        email,
        role,
        invited_by: invitedBy,
        created_at: invite.createdAt,
        expires_at: invite.expiresAt,
        accepted_at: null,
      })
      .execute();
    if (actor)
      await command.audit(actor, {
        action: "created",
        collection: "team",
        recordId: null,
        summary: `Invited ${email} as ${ROLE_LABELS[role]}`,
      });
    if (mail) {
      const inviter = actor?.email ?? `The ${SITE_NAME} team`;
      await command.enqueue({
        kind: "team-mail",
        mail: inviteMail(invite, mail.origin + adminInviteHref(token), inviter),
      });
    }
    return { token, invite };
  });
}

/** An invitation a link opens; `onTeam` when its address is an admin's already (it is then refused). */
export type OpenInvite = PendingInvite & { onTeam: boolean };

async function isAdminEmail(db: Executor, email: string): Promise<boolean> {
  const account = await db.selectFrom("users").select("role").where("email", "=", email).executeTakeFirst();
  return account !== undefined && isAdminRole(account.role);
}

/** The invitation a link's token opens: not used, not expired; else null. */
export async function findInvite(db: Executor, token: string, now = serverClock()): Promise<OpenInvite | null> {
  if (typeof token !== "string" || !token) return null;
  const row = await db
    .selectFrom("invites")
    .select(["id", "email", "role", "created_at", "expires_at"])
    .where("id", "=", hashOfToken(token))
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row || !isAdminRole(row.role)) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    onTeam: await isAdminEmail(db, row.email),
  };
}

export async function revokeInvite(db: Executor, id: string): Promise<void> {
  if (typeof id !== "string") return;
  await db.deleteFrom("invites").where("id", "=", id).where("accepted_at", "is", null).execute();
}

const acceptSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("password"),
    displayName: text(),
    password: z
      .string({ error: "Password is required" })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(256, "Password must be at most 256 characters"),
  }),
  z.object({ method: z.literal("google"), displayName: text() }),
]);

/**
 * Accepts an invitation: the account (new, or the existing non-admin one of that email) gets
 * the role, and the password when one is chosen. With `google` no password is set: the invitee
 * signs in with Google, whose verified email links the account (sign-in.server.ts). The
 * invitation is spent in the same transaction, so one link makes one admin, however many tabs,
 * and the address's other pending invitations are withdrawn. An address that is an admin's
 * already is refused (ConflictError) and nothing changes: the link would otherwise change an
 * admin's role past the last-owner rule and reset their password.
 */
export async function acceptInvite(
  db: Executor,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<{ userId: string; email: string }> {
  const choice = parseOrThrow(acceptSchema, input);
  const passwordHash = choice.method === "password" ? await hashPassword(choice.password) : null;
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable("invites")
      .set({ accepted_at: now.toISOString() })
      .where("id", "=", hashOfToken(typeof token === "string" ? token : ""))
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning(["email", "role"])
      .executeTakeFirst();
    if (!spent || !isAdminRole(spent.role)) throw new NotFoundError(TEAM_MESSAGES.inviteGone);
    const existing = await trx.selectFrom("users").selectAll().where("email", "=", spent.email).executeTakeFirst();
    if (existing && isAdminRole(existing.role)) throw new ConflictError(null, TEAM_MESSAGES.inviteeOnTeam);
    await withdrawInvites(trx, spent.email);
    if (existing) {
      await trx
        .updateTable("users")
        .set({
          role: spent.role,
          display_name: choice.displayName || existing.display_name,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where("id", "=", existing.id)
        .execute();
      return { userId: existing.id, email: existing.email };
    }
    const id = randomUUID();
    await trx
      .insertInto("users")
      .values({
        id,
        email: spent.email,
        display_name: choice.displayName,
        role: spent.role,
        password_hash: passwordHash,
        google_subject: null,
        created_at: now.toISOString(),
        last_login_at: null,
        totp_secret: null,
        totp_enabled_at: null,
      })
      .execute();
    return { userId: id, email: spent.email };
  });
}

/**
 * The owners, locked for the rest of the transaction on PostgreSQL (on SQLite the transaction
 * already holds the write lock): two owners demoting each other at once cannot both succeed.
 */
async function lockOwners(trx: Executor): Promise<string[]> {
  const query = trx.selectFrom("users").select("id").where("role", "=", "owner");
  return (await withRowLock(trx, query).execute()).map((row) => row.id);
}

async function adminOf(trx: Executor, userId: string): Promise<{ role: AdminRole; email: string }> {
  const row = await trx.selectFrom("users").select(["role", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!row || !isAdminRole(row.role)) throw new NotFoundError(TEAM_MESSAGES.notAdmin);
  return { role: row.role, email: row.email };
}

/** Gives an admin another role; the last owner keeps theirs. Returns the role and the admin's email. */
export async function changeRole(
  db: Database,
  userId: string,
  role: unknown,
  { actor }: TeamWriteOptions = {},
): Promise<{ role: AdminRole; email: string }> {
  const next = parseOrThrow(z.object({ role: roleSchema }), { role }).role;
  return runCommand(db, async (command) => {
    const { trx } = command;
    const owners = await lockOwners(trx);
    const current = await adminOf(trx, userId);
    if (current.role === "owner" && next !== "owner" && owners.length <= 1)
      throw new ValidationError({ role: TEAM_MESSAGES.lastOwner });
    await trx.updateTable("users").set({ role: next }).where("id", "=", userId).execute();
    if (next !== "captain") await trx.deleteFrom("ride_captains").where("user_id", "=", userId).execute();
    if (actor)
      await command.audit(actor, {
        action: "updated",
        collection: "team",
        recordId: userId,
        summary: `Made ${current.email} ${ROLE_LABELS[next]}`,
      });
    return { role: next, email: current.email };
  });
}

/**
 * Removes an admin from the team: the account stays (the audit trail names it) as a non-admin
 * with no way to sign in, and every session of it ends now. The last owner cannot be removed.
 */
export async function removeAdmin(
  db: Database,
  userId: string,
  { actor }: TeamWriteOptions = {},
): Promise<{ email: string }> {
  return runCommand(db, async (command) => {
    const { trx } = command;
    const owners = await lockOwners(trx);
    const current = await adminOf(trx, userId);
    if (current.role === "owner" && owners.length <= 1) throw new ValidationError({ role: TEAM_MESSAGES.lastOwner });
    await trx
      .updateTable("users")
      .set({ role: "member", password_hash: null, google_subject: null, totp_secret: null, totp_enabled_at: null })
      .where("id", "=", userId)
      .execute();
    for (const table of ["sessions", "passkeys", "recovery_codes", "ride_captains", "auth_challenges"] as const)
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    if (actor)
      await command.audit(actor, {
        action: "deleted",
        collection: "team",
        recordId: userId,
        summary: `Removed ${current.email} from the team`,
      });
    return { email: current.email };
  });
}

/** The ride's captains (ids), and every ride captain of the team to choose from. */
export async function rideCaptains(
  db: Executor,
  rideId: string,
): Promise<{ chosen: string[]; captains: { id: string; email: string; displayName: string }[] }> {
  const chosen = await db.selectFrom("ride_captains").select("user_id").where("ride_id", "=", rideId).execute();
  const captains = await db
    .selectFrom("users")
    .select(["id", "email", "display_name as displayName"])
    .where("role", "=", "captain")
    .orderBy("email")
    .execute();
  return { chosen: chosen.map((row) => row.user_id), captains };
}

/** The longest id a user may have: ours are UUIDs. */
const MAX_USER_ID_LENGTH = 64;

function isUserId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_USER_ID_LENGTH;
}

/**
 * Sets who leads a ride: ride captains of the team only, at most MAX_RIDE_CAPTAINS. A list
 * with anything but ids in it is refused whole, never read as fewer captains.
 */
export async function setRideCaptains(
  db: Database,
  rideId: string,
  userIds: unknown,
  { actor }: TeamWriteOptions = {},
): Promise<void> {
  if (!Array.isArray(userIds) || !userIds.every(isUserId))
    throw new ValidationError({ captains: TEAM_MESSAGES.notCaptain });
  const unique = [...new Set(userIds)];
  if (unique.length > MAX_RIDE_CAPTAINS) throw new ValidationError({ captains: TEAM_MESSAGES.tooManyCaptains });
  await runCommand(db, async (command) => {
    const { trx } = command;
    if (unique.length > 0) {
      const found = await trx
        .selectFrom("users")
        .select("id")
        .where("id", "in", unique)
        .where("role", "=", "captain")
        .execute();
      if (found.length !== unique.length) throw new ValidationError({ captains: TEAM_MESSAGES.notCaptain });
    }
    await trx.deleteFrom("ride_captains").where("ride_id", "=", rideId).execute();
    if (unique.length > 0)
      await trx
        .insertInto("ride_captains")
        .values(unique.map((userId) => ({ ride_id: rideId, user_id: userId })))
        .execute();
    if (actor) {
      const ride = await getRide(trx, rideId);
      await command.audit(actor, {
        action: "updated",
        collection: "rides",
        recordId: rideId,
        summary: `Set the captains of "${ride?.title ?? rideId}"`,
      });
    }
  });
}

/** Whether an owner requires every admin to sign in with two factors. */
export async function requiresTwoFactor(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom("team_settings")
    .select("require_two_factor")
    .where("id", "=", "main")
    .executeTakeFirst();
  return row?.require_two_factor === 1;
}

export async function setRequireTwoFactor(
  db: Database,
  required: boolean,
  now = serverClock(),
  { actor }: TeamWriteOptions = {},
): Promise<void> {
  const values = { require_two_factor: required ? 1 : 0, updated_at: now.toISOString() };
  await runCommand(db, async (command) => {
    await command.trx
      .insertInto("team_settings")
      .values({ id: "main", ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    if (actor)
      await command.audit(actor, {
        action: "updated",
        collection: "team",
        recordId: null,
        summary: required ? "Required two-factor sign-in for everyone" : "Made two-factor sign-in optional",
      });
  });
}
