// node bench/sandbox-scale.ts (npm run bench -- sandbox-scale) — how long the Ozon sandbox takes
// to start with 20 stores × 200 buyer chats × 100 awaiting postings (issue 12 "Scale": target
// under 2 s; test/sandbox/stores-setup.test.ts checks what it creates, this times it). Median of
// RUNS starts, each in this process one after another; exits 1 when the median misses the target.
import { startSandbox } from "../src/sandbox/index.ts";

const RUNS = Number(process.env.BENCH_SANDBOX_SCALE_RUNS ?? 5);
const TARGET_MS = 2_000;

const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const sandbox = await startSandbox({ stores: 20, initialChats: 200, initialPostings: 100 });
  times.push(performance.now() - started);
  await sandbox.close();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
const ok = median < TARGET_MS;
console.log(`sandbox with 20 stores × 200 chats × 100 awaiting postings, ${RUNS} starts`);
console.log(`  each: ${times.map((ms) => ms.toFixed(0)).join(", ")} ms`);
console.log(`  median ${median.toFixed(0)} ms (target < ${TARGET_MS} ms): ${ok ? "ok" : "MISSED"}`);
process.exit(ok ? 0 : 1);
