import { DatabaseSync } from "node:sqlite";

/**
 * Whether the SQLite file changed since the last look, whoever changed it: this process, or
 * another one (a CLI such as content:import, the sqlite3 shell, a test) whose writes raise no
 * content event here. SQLite bumps `PRAGMA data_version` on a connection whenever another
 * connection commits. Asking takes a lock round trip on the WAL index, so the answer holds for
 * the rest of the event-loop turn: under load one look serves every request of a turn.
 */
export type SqliteWrites = { changedSinceLastLook(): boolean; close(): void };

export function watchSqliteWrites(file: string): SqliteWrites {
  const connection = new DatabaseSync(file, { readOnly: true });
  const dataVersion = connection.prepare("PRAGMA data_version");
  const read = () => Number((dataVersion.get() as { data_version: number }).data_version);
  let seen = read();
  let lookedThisTurn = false;
  return {
    changedSinceLastLook: () => {
      if (lookedThisTurn) return false;
      lookedThisTurn = true;
      setImmediate(() => {
        lookedThisTurn = false;
      });
      const now = read();
      if (now === seen) return false;
      seen = now;
      return true;
    },
    close: () => connection.close(),
  };
}
