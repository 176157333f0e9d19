import { createHash, randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Executor, RegistrationsTable } from "../db/schema.server";

// The token of a rider's private booking link (decision 019): made here, kept by the database
// only as its hash, and the way back from a link to its registration.

const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new private-link token: 32 random bytes, base64url (43 characters). */
export function newBookingToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** The stored form of a private-link token: its SHA-256, so the table alone opens no link. */
export function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The registration's row behind a private link, or undefined for a token that is unknown, erased or not a token at all. */
export async function findByToken(db: Executor, token: unknown): Promise<Selectable<RegistrationsTable> | undefined> {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  return db.selectFrom("registrations").selectAll().where("token_hash", "=", tokenHashOf(token)).executeTakeFirst();
}
