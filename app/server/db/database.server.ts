import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect } from "kysely";
import { SqliteDialect } from "kysely-sqlite";
import pg from "pg";
import type { DB, Database } from "./schema.server";

export type Engine = "sqlite" | "postgres";

export type DatabaseOptions = {
  /** postgres://… selects PostgreSQL; anything else (or nothing) SQLite. */
  databaseUrl?: string;
  /** Where the SQLite file lives when databaseUrl is not PostgreSQL. */
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one each). */
  pgSchema?: string;
};

export function engineOf(databaseUrl: string | undefined): Engine {
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite";
}

export function openDatabase(options: DatabaseOptions): { db: Database; engine: Engine } {
  const engine = engineOf(options.databaseUrl);
  if (engine === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), engine };
  }
  const file = options.sqlitePath ?? path.resolve("data", "roadbook.sqlite");
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  // WAL lets readers proceed during a write; a busy timeout instead of SQLITE_BUSY errors.
  sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) }), engine };
}
