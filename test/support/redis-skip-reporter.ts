/**
 * A vitest reporter (vitest.config.ts) that ends the run with one plain line when Redis tests
 * were skipped because Redis did not answer, e.g. "92 tests skipped: Redis not reachable at
 * redis://127.0.0.1:6379". Without it a run without Redis looks as green as a full one.
 * The counts come from the notice test of each skipped `redis.describe` block (redis.ts), which
 * stores them in its task's meta.
 */
import type { Reporter, TestModule } from "vitest/node";

export default class RedisSkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let skipped = 0;
    let checked = 0;
    let where = "";
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const meta = test.meta();
        skipped += meta.redisSkipped ?? 0;
        checked += meta.ozonChecked ?? 0;
        where = meta.redisUrl ?? where;
      }
    }
    // A violation fails its test (setup.ts); this line says the checking ran at all.
    console.log(`\nOzon contract: ${checked} requests and answers checked against the documents`);
    if (skipped > 0) {
      console.log(`\n${skipped} tests skipped: Redis not reachable at ${where}`);
    }
  }
}
