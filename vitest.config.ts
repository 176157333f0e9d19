import { configDefaults, defineConfig } from "vitest/config";

const TESTS = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "migrations/**/*.test.ts",
  "tests/integration/**/*.test.{ts,tsx}",
];
/** Test files that replace a module with vi.mock: only a fresh module graph per file takes the mock. */
const MOCKING_MODULES = ["app/server/team/users.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two files at a time, whatever the machine: Vitest's own default is one fewer worker than
    // cores (one on the reference machine's two). Each test file has its own databases (a SQLite
    // file, a PostgreSQL schema; tests/support/databases.ts), and the migrator reads only its own
    // schema, so files on parallel workers do not meet (docs/features/test-suite.md).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A worker runs file after file in one module graph (decision 055): starting each file anew
    // cost ~0.7 s a file, a minute of the suite. A file keeps no state it does not reset; the
    // files that mock a module run apart, each in a fresh graph. (A project's arrays add to the
    // root's, so each project names its own files.)
    projects: [
      {
        test: {
          name: "shared",
          include: TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING_MODULES],
          isolate: false,
        },
      },
      { test: { name: "isolated", include: MOCKING_MODULES } },
    ],
  },
});
