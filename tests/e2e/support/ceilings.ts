// How long the end-to-end suite waits, said once. Every spec waits for the state it needs
// (web-first assertions, expect.poll, a log line, a page that shows a text) and gives up only at
// these ceilings; no spec sets a timeout of its own. A passing test never reaches a ceiling, so
// they can be generous: a newcomer's machine running the suite's two workers beside other work
// is many times slower than a quiet one (docs/features/test-suite.md#waits).

/** The longest any one awaited state may take: an assertion, a poll, a log line, a server start. */
export const WAIT_CEILING_MS = 60_000;

/**
 * The longest a server may take to start (migrate, seed the demo content, load the build): the
 * heaviest single state the suite waits for, and at a load of 20 or more it took over 60 s.
 */
export const SERVER_START_CEILING_MS = 180_000;

/** The longest a whole test (or a worker's fixture: a server of its own) may take. */
export const TEST_CEILING_MS = 300_000;
