import type { Selectable } from "kysely";
import { hashOfToken, isSecretToken } from "../auth/secret-token.server";
import type { Executor, RegistrationsTable } from "../db/schema.server";

// The way back from a rider's private booking link (decision 019) to its registration: the token
// is a secret token (auth/secret-token.server.ts), of which the database keeps only the hash.

/** The registration's row behind a private link, or undefined for a token that is unknown, erased or not a token at all. */
export async function findByToken(db: Executor, token: unknown): Promise<Selectable<RegistrationsTable> | undefined> {
  if (!isSecretToken(token)) return undefined;
  return db.selectFrom("registrations").selectAll().where("token_hash", "=", hashOfToken(token)).executeTakeFirst();
}
