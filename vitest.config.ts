import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "migrations/**/*.test.ts",
      "tests/integration/**/*.test.{ts,tsx}",
    ],
    // Two files at a time, whatever the machine: Vitest's own default is one fewer worker than
    // cores (one on the reference machine's two). Each test file has its own databases (a SQLite
    // file, a PostgreSQL schema; tests/support/databases.ts), and the migrator reads only its own
    // schema, so files on parallel workers do not meet (docs/features/test-suite.md).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
