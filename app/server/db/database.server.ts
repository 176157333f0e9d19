import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CompiledQuery, type Driver, Kysely, type LogEvent, PostgresDialect, type PostgresPool } from "kysely";
import { SqliteDialect } from "kysely-sqlite";
import pg from "pg";
import { reportDatabaseFailure } from "./failures.server";
import type { DB, Database } from "./schema.server";

export type Engine = "sqlite" | "postgres";

export type DatabaseOptions = {
  /** postgres://… selects PostgreSQL; anything else (or nothing) SQLite. */
  databaseUrl?: string;
  /** Where the SQLite file lives when databaseUrl is not PostgreSQL (":memory:" for none). */
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one each). */
  pgSchema?: string;
};

/** The one place SQLite vs PostgreSQL is decided. */
function engineOf(databaseUrl: string | undefined): Engine {
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite";
}

/**
 * Transactions here read then write. A plain (deferred) BEGIN takes the write lock only at the
 * first write, and if another process (the CLI, a second server on the same file) committed in
 * between, SQLite refuses at once with SQLITE_BUSY instead of waiting. BEGIN IMMEDIATE takes the
 * write lock up front, so the busy timeout applies and the transaction waits its turn.
 */
class WriteTransactionSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      // node:sqlite waits out a busy lock synchronously, freezing this process's event loop for
      // up to the busy timeout: a transaction of this same process holding the lock (another
      // handle, between two of its statements) could then never finish. So the lock is asked
      // for without waiting, and asked again after a pause that lets everything else run.
      await connection.executeQuery(CompiledQuery.raw("pragma busy_timeout = 0"));
      try {
        const deadline = Date.now() + BUSY_TIMEOUT_MS;
        for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
          try {
            await connection.executeQuery(CompiledQuery.raw("begin immediate"));
            return;
          } catch (error) {
            if (!isBusy(error) || Date.now() >= deadline) throw error;
            await new Promise((resolve) => setTimeout(resolve, pause));
          }
        }
      } finally {
        await connection.executeQuery(CompiledQuery.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`));
      }
    };
    return driver;
  }
}

/** How long a write waits for another connection's lock before it fails (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5_000;

const isBusy = (error: unknown) =>
  (error as { errcode?: unknown } | null)?.errcode === 5 || /database is locked/.test(String(error));

/** A connection that gives up opening after 2 s (an unreachable server), whatever the pool's wait. */
class ConnectingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: 2_000 });
  }
}

/** The HTTP shell keeps pages rendered during a database failure out of its cache (failures.server.ts). */
function reportFailedQueries(event: LogEvent): void {
  if (event.level === "error") reportDatabaseFailure(event.error);
}

export function openDatabase(options: DatabaseOptions): { db: Database; engine: Engine } {
  const engine = engineOf(options.databaseUrl);
  if (engine === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // During an outage a request fails within seconds (503) instead of hanging: opening a
      // connection is bounded (ConnectingClient). Waiting for a pooled connection is not: pg's
      // own connectionTimeoutMillis would also count that wait, and a rush of riders waiting
      // their turn for a busy pool is no outage. That wait is bounded by the statement and
      // idle-in-transaction timeouts of the connections ahead of it.
      Client: ConnectingClient,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      keepAlive: true,
      application_name: "roadbook",
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    // Nor one checked out between two statements: the statement in progress, if any, gets the
    // error; a client left unusable is dropped by the pool when released.
    pool.on("connect", (client) => client.on("error", () => {}));
    const observed: PostgresPool = {
      options: pool.options,
      connect: () =>
        pool.connect().catch((error: unknown) => {
          reportDatabaseFailure(error);
          throw error;
        }),
      end: () => pool.end(),
    };
    return {
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: observed }), log: reportFailedQueries }),
      engine,
    };
  }
  const file = options.sqlitePath;
  if (!file) throw new Error("openDatabase: SQLite needs a sqlitePath (readEnv gives DATA_DIR's)");
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  // WAL lets readers proceed during a write; a busy timeout instead of SQLITE_BUSY errors.
  // synchronous = FULL: an acknowledged write survives a power loss too, for ~0.3 ms a commit
  // (docs/deploy.md, "Durability").
  sqlite.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA foreign_keys = ON;`,
  );
  return {
    db: new Kysely<DB>({ dialect: new WriteTransactionSqliteDialect({ database: sqlite }), log: reportFailedQueries }),
    engine,
  };
}
