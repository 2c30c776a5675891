/**
 * Cancellation → Telegram latency (node bench/cancellations.ts, or npm run bench -- cancellations).
 *
 * The bot runs as `node src/main.ts` (memory store) against the sandbox and the fake Bot API over
 * HTTP; one person is subscribed and has the alerts of BENCH_CANCEL_COUNT postings. The buyer then
 * cancels them one by one, and the latency is from the cancellation at the sandbox to the moment
 * the fake Bot API received "❌ … cancelled by the buyer" (Telegram "accepted" it). Two runs:
 * - polling: POSTINGS_POLL_SECONDS=BENCH_CANCEL_POLL_SECONDS (5), no push; cancellations come at
 *   random moments of the poll cycle. Target: every one within the poll interval + 1 s.
 * - push: the sandbox POSTs TYPE_POSTING_CANCELLED to the bot's push path; polls a minute apart,
 *   so only the push can be quick. Target: p95 ≤ 1 s.
 * - packed, push: as push, but the postings are packed (their cards say so) before the buyer
 *   cancels them: "do not hand it to the courier". Without the push such a posting is re-read
 *   once a minute; with it the target is the same p95 ≤ 1 s.
 * One chat gets each notice and a redrawn card (two messages at Telegram's ~1 a second per chat),
 * so cancellations come BENCH_CANCEL_GAP_MS (2 500) apart: closer, the figure would measure that
 * queue instead of the way the news takes.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { FakeBotApi } from "../test/support/fake-bot-api.ts";
import { freePort, sellerEnv, startMain, stopMainProcesses } from "../test/support/main-process.ts";
import { command, person } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";

const COUNT = Number(process.env.BENCH_CANCEL_COUNT ?? 8);
const POLL_SECONDS = Number(process.env.BENCH_CANCEL_POLL_SECONDS ?? 5);
const GAP_MS = Number(process.env.BENCH_CANCEL_GAP_MS ?? 2_500);
const ADMIN = person(5252, { first_name: "Owner", language_code: "en" });

interface Run {
  latencies: number[];
  /** Notices per cancelled posting (1 each when told once). */
  notices: number[];
  edits: number;
  pushes: number;
}

async function run(mode: "poll" | "push", packedFirst = false): Promise<Run> {
  const sandbox = await startSandbox({ seed: 41, initialPostings: 0, initialChats: 0 });
  const fake = await FakeBotApi.start();
  const port = await freePort();
  const bot = startMain({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    ...sellerEnv(sandbox),
    STORE: "memory",
    POSTINGS_POLL_SECONDS: mode === "poll" ? String(POLL_SECONDS) : "60",
    // An alert per posting (not a digest), so each has a card to redraw.
    POSTINGS_BURST_THRESHOLD: String(COUNT + 1),
    CHATS_POLL_SECONDS: "60",
    PORT: String(port),
    LOG_LEVEL: "warn",
  });
  try {
    await waitFor(() => sandbox.requests.some((r) => /unfulfilled\/list/.test(r.path)), {
      timeoutMs: 30_000,
      message: "the bot's first pass",
    });
    fake.queueUpdates(command("subscribe", { from: ADMIN }));
    await fake.waitForCall(
      "sendMessage",
      (c) => String(c.payload.text).includes("now gets an alert"),
      20_000,
    );
    if (mode === "push") sandbox.setPushTarget(`http://127.0.0.1:${port}/ozon/push`);
    const numbers = Array.from(
      { length: COUNT },
      () => sandbox.control.addPosting({ products: [{ quantity: 1 }] }).postingNumber,
    );
    const sent = (fragment: string) =>
      fake.calls.filter(
        (c) =>
          c.method === "sendMessage" && c.response?.ok && String(c.payload.text).includes(fragment),
      );
    await waitFor(() => numbers.every((n) => sent(`Posting ${n}`).length > 0), {
      timeoutMs: POLL_SECONDS * 1000 + 60_000,
      message: "every alert",
    });

    if (packedFirst) {
      for (const number of numbers) sandbox.control.setPostingStatus(number, "awaiting_deliver");
      const packedCards = () =>
        fake.calls.filter(
          (c) =>
            c.method === "editMessageText" &&
            c.response?.ok &&
            String(c.payload.text).includes("is packed outside the bot"),
        ).length;
      await waitFor(() => packedCards() >= COUNT, {
        timeoutMs: 90_000,
        message: "every card shows the posting packed",
      });
    }
    const cancelledAt = new Map<string, number>();
    for (const number of numbers) {
      // Polling: a random moment of the cycle, so the figure covers the whole of it.
      const jitter = mode === "poll" ? Math.random() * POLL_SECONDS * 1000 : 0;
      await new Promise((resolve) => setTimeout(resolve, GAP_MS + jitter));
      cancelledAt.set(number, Date.now());
      sandbox.control.cancelByBuyer(number);
    }
    const notice = (n: string) =>
      packedFirst
        ? `❌ ${n} was cancelled by the buyer after it was packed`
        : `❌ ${n} cancelled by the buyer`;
    await waitFor(() => numbers.every((n) => sent(notice(n)).length > 0), {
      timeoutMs: POLL_SECONDS * 1000 + 30_000,
      message: "every cancellation told",
    });
    // Redrawn cards too, and a pass more to show nothing is told twice.
    await new Promise((resolve) => setTimeout(resolve, POLL_SECONDS * 1000 + 2_000));
    const latencies = numbers
      .map((n) => (sent(notice(n))[0]?.receivedAt as number) - (cancelledAt.get(n) as number))
      .sort((a, b) => a - b);
    const edits = fake.calls.filter(
      (c) => c.method === "editMessageText" && String(c.payload.text).startsWith("❌"),
    ).length;
    return {
      latencies,
      notices: numbers.map((n) => sent(notice(n)).length),
      edits,
      pushes: sandbox.pushes.filter((p) => p.type === "TYPE_POSTING_CANCELLED").length,
    };
  } finally {
    bot.child.kill("SIGTERM");
    await Promise.race([bot.exit, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    stopMainProcesses();
    await fake.close();
    await sandbox.close();
  }
}

function describe(name: string, result: Run, targetMs: number): boolean {
  const { latencies } = result;
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const worst = latencies.at(-1) ?? NaN;
  const p95 = at(0.95);
  const once = result.notices.every((n) => n === 1);
  const byP95 = name !== "poll";
  const ok = (byP95 ? p95 : worst) <= targetMs && once;
  console.log(
    `  ${name}: n=${latencies.length} p50=${at(0.5)} ms p95=${p95} ms max=${worst} ms ` +
      `(target ${byP95 ? "p95" : "max"} ≤ ${targetMs} ms) · told once each: ${once} · ` +
      `cards redrawn ${result.edits} · cancellation pushes ${result.pushes} → ${ok ? "OK" : "MISSED"}`,
  );
  return ok;
}

console.log(`buyer cancellation → Telegram accepted the notice (${COUNT} postings, one chat):`);
const polled = describe("poll", await run("poll"), POLL_SECONDS * 1000 + 1000);
const pushed = describe("push", await run("push"), 1000);
const packed = describe("packed, push", await run("push", true), 1000);
process.exit(polled && pushed && packed ? 0 : 1);
