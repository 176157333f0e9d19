import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { loginSchema, type User } from "~/domain/content";
import { text } from "~/domain/fields";
import { hashPassword, verifyPassword } from "../auth/password.server";
import type { Executor, UsersTable } from "../db/schema.server";
import { NotFoundError } from "../validation/errors.server";
import { parseOrThrow } from "../validation/validate.server";
import { serverClock } from "../clock.server";

export const MIN_PASSWORD_LENGTH = 8;

const adminAccountSchema = z.object({
  email: loginSchema.shape.email,
  password: z
    .string({ error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  displayName: text(),
});
export type AdminAccountInput = { email: string; password: string; displayName?: string };

/** Emails are compared case-insensitively: stored and looked up trimmed and lower-case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toUser(row: UsersTable): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

export async function getUser(db: Executor, id: string): Promise<User | null> {
  if (typeof id !== "string" || !id) return null;
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<User | null> {
  if (typeof email !== "string") return null;
  const row = await db.selectFrom("users").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
  return row ? toUser(row) : null;
}

/**
 * Pending invitations for `email` stop working. Called wherever an account becomes an admin:
 * accepting one later would set that admin's role and password past the team's rules (the last
 * owner demoted by an old captain's link, decision 026, note of 2026-11-26).
 */
export async function withdrawInvites(db: Executor, email: string): Promise<void> {
  await db.deleteFrom("invites").where("email", "=", normaliseEmail(email)).where("accepted_at", "is", null).execute();
}

/**
 * Admin creation from the command line (product.md#admin-access): creates the account, or —
 * when the email is already known — makes it an owner and sets the new password (and display
 * name when given). The portal adds everyone else by invitation (team.server.ts).
 */
export async function createOrPromoteAdmin(
  db: Executor,
  input: AdminAccountInput,
): Promise<{ user: User; created: boolean }> {
  const account = parseOrThrow(adminAccountSchema, input);
  const email = normaliseEmail(account.email);
  // Hashing takes a fifth of a second: do it before the transaction, not while holding it.
  const passwordHash = await hashPassword(account.password);
  return db.transaction().execute(async (trx) => {
    // Invitations first: an acceptance under way holds its invitation's row, so it either ends
    // before this (and the account is then made an owner) or finds its invitation gone.
    await withdrawInvites(trx, email);
    const existing = await trx.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    if (existing) {
      const row = await trx
        .updateTable("users")
        .set({
          role: "owner",
          password_hash: passwordHash,
          display_name: account.displayName || existing.display_name,
        })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user: toUser(row), created: false };
    }
    const row = await trx
      .insertInto("users")
      .values({
        id: randomUUID(),
        email,
        display_name: account.displayName,
        role: "owner",
        password_hash: passwordHash,
        google_subject: null,
        created_at: serverClock().toISOString(),
        last_login_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user: toUser(row), created: true };
  });
}

/** A hash of a random password, verified against when the email is unknown. */
let decoyHash: Promise<string> | undefined;

/**
 * The user whose email and password match, else null. An unknown email (or an account with
 * no password) still costs one scrypt run, so response time does not reveal which emails exist.
 */
export async function verifyUserPassword(db: Executor, email: string, password: string): Promise<User | null> {
  if (typeof email !== "string" || typeof password !== "string") return null;
  const row = await db.selectFrom("users").selectAll().where("email", "=", normaliseEmail(email)).executeTakeFirst();
  if (!row?.password_hash) {
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, row.password_hash)) ? toUser(row) : null;
}

/** Whether the user can sign in with a password (a Google-only admin has none). */
export async function hasPassword(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
  return Boolean(row?.password_hash);
}

/** Stores the time of a successful sign-in (lastLoginAt, product.md#admin-access). */
export async function recordLogin(db: Executor, id: string): Promise<User> {
  const row = await db
    .updateTable("users")
    .set({ last_login_at: serverClock().toISOString() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("User not found");
  return toUser(row);
}

/** The user whose Google account (OpenID Connect `sub`) is linked, else null. */
export async function findUserByGoogleSubject(db: Executor, subject: string): Promise<User | null> {
  if (typeof subject !== "string" || !subject) return null;
  const row = await db.selectFrom("users").selectAll().where("google_subject", "=", subject).executeTakeFirst();
  return row ? toUser(row) : null;
}

/**
 * Links a Google account to a user that has none yet. Returns false when the user already has
 * another Google account linked: a second Google account with the same email is not the same
 * person by default.
 */
export async function linkGoogleSubject(db: Executor, id: string, subject: string): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ google_subject: subject })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("google_subject", "is", null), eb("google_subject", "=", subject)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
