import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.{ts,tsx}",
    ],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The data
    // tests spend most of their time waiting on PostgreSQL and the disk, so one more worker
    // than cores keeps both busy.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
