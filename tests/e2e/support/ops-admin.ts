// An admin with a live session in an instance's database, for operations specs that need a
// request the database must answer (the admin portal is never served from a cache).
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/sessions.server";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";

export type AdminLogin = { email: string; password: string; userId: string };

export async function createAdmin(db: Database, email = "ops-admin@roadbook.test"): Promise<AdminLogin> {
  const password = `ops-password-${Date.now()}`;
  const { user } = await createOrPromoteAdmin(db, { email, password, displayName: "Ops Admin" });
  return { email, password, userId: user.id };
}

/** A Cookie header carrying a new session of the user (plain http: the cookie has no __Host- prefix). */
export async function sessionCookieFor(db: Database, userId: string): Promise<string> {
  const { token } = await createSession(db, userId);
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
}

export function openPostgres(url: string): Database {
  return openDatabase({ databaseUrl: url }).db;
}

/** The SQLite database of an instance's DATA_DIR. */
export function openSqlite(dataDir: string): Database {
  return openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath }).db;
}
