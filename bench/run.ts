// npm run bench: runs every benchmark in this folder one after another, each in its own
// process so one benchmark's memory and timers cannot colour the next one's figures.
// `npm run bench -- store relay` runs only the named ones.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
/** Scripts a benchmark starts as a child process of its own; not benchmarks themselves. */
const HELPERS = new Set([
  "walkthrough-world.ts",
  "walkthrough-jobs.ts",
  "walkthrough-jobs-more.ts",
  "walkthrough-job.ts",
  "walkthrough-jobs-stock.ts",
  "walkthrough-jobs-deliveries.ts",
  "walkthrough-jobs-products.ts",
  "walkthrough-jobs-returns.ts",
  "run.ts",
  "paths-measure.ts",
  "book-upload-old.ts",
  "memory-sandbox.ts",
  "memory-deps.ts",
  "ingress-bare.ts",
  "ingress-telegram.ts",
  "cpu-profile.ts",
  "start-flags.ts",
  "stores-sandbox.ts",
  "stores-log.ts",
  "stores-print.ts",
]);
const benches = readdirSync(here)
  .filter((name) => name.endsWith(".ts") && !HELPERS.has(name))
  .map((name) => basename(name, ".ts"))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== bench/${name}.ts ===`);
  const result = spawnSync(process.execPath, [join(here, `${name}.ts`)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed += 1;
    console.log(`bench/${name}.ts exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
