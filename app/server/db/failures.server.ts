import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What went wrong with the database while one request was being answered. Public pages
 * catch their load errors and show fallback content (product.md#public-fallbacks), so the HTTP shell cannot tell
 * from the response alone that a page is degraded: it asks this record instead, to keep such
 * a page out of the render cache and to answer 503 rather than 500 during an outage.
 */
export type DatabaseFailures = {
  /** Any database error: the response may not show the stored content. */
  failed: boolean;
  /** The database could not be reached or refused work (connection lost, shutting down, overloaded). */
  unavailable: boolean;
};

const scope = new AsyncLocalStorage<DatabaseFailures>();

/** Runs the work with a fresh failure record, which the caller reads once it is done. */
export function trackDatabaseFailures<T>(work: () => Promise<T>): { result: Promise<T>; failures: DatabaseFailures } {
  const failures: DatabaseFailures = { failed: false, unavailable: false };
  return { result: scope.run(failures, work), failures };
}

// node-postgres and Node's socket errors, and SQLSTATE codes, meaning "the database is not
// there right now" rather than "this statement is wrong".
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "53300", // too_many_connections
  "57014", // query_canceled: the statement timeout, an overloaded server
  "57P01", // admin_shutdown, also what pg_terminate_backend sends
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "SQLITE_BUSY",
]);
const UNREACHABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error|not queryable|terminating connection/i;

export function isDatabaseUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  // Class 08: connection exceptions.
  return UNREACHABLE_CODES.has(code) || code.startsWith("08") || UNREACHABLE_MESSAGES.test(error.message);
}

/** Called by the database layer for every failed connection attempt or statement. */
export function reportDatabaseFailure(error: unknown): void {
  const failures = scope.getStore();
  if (!failures) return;
  failures.failed = true;
  if (isDatabaseUnavailableError(error)) failures.unavailable = true;
}
