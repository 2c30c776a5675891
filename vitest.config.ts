import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Checks of every test (keyboards without empty rows).
    setupFiles: ["test/support/setup.ts"],
    // The last line says plainly how many Redis tests a run without Redis skipped.
    reporters: ["default", "./test/support/redis-skip-reporter.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Tests start HTTP servers on ephemeral ports and use their own Redis key prefixes,
    // so files can run in parallel.
    pool: "forks",
  },
});
