// node bench/relay.ts — the buyer chat relay against the sandbox over real HTTP on 127.0.0.1.
//
// 1. 1 000 buyer chats, 10 of them changed: Seller API calls per pass (target: list pages + 10),
//    for the spec methods (v1) and their successors (v3).
// 2. 500 buyer messages arriving at once: time until all are handed to the notifier, and
//    messages per second. The notifier is in-process and accepts at once (no Telegram, no
//    Telegram rate limits): the figure is the relay's own cost (Ozon calls, store writes).
//    Measured from the start of a pass; the poll period (CHATS_POLL_SECONDS) comes on top.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSellerClient } from "../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/index.ts";
import { ChatRelay } from "../src/services/chats/relay/chat-relay.ts";
import { createRelayRepositories } from "../src/services/chats/relay/repositories.ts";
import type { RelayNotifier, TelegramMessageRef } from "../src/services/chats/relay/types.ts";
import { MemoryStore } from "../src/store/memory.ts";
import type { Store } from "../src/store/port.ts";
import { SqliteStore } from "../src/store/sqlite.ts";
import { sandboxSeller } from "../test/support/sandbox-seller.ts";

const CHATS = 1_000;

class CountingNotifier implements RelayNotifier {
  count = 0;
  #telegramId = 1;
  async relayBuyerMessage(): Promise<TelegramMessageRef[]> {
    this.count++;
    return [{ chatId: -100_123, messageId: this.#telegramId++ }];
  }
}

function callsOf(sandbox: Sandbox) {
  const counters = sandbox.counters();
  const sum = (pattern: RegExp) =>
    Object.entries(counters)
      .filter(([key]) => pattern.test(key))
      .reduce((n, [, count]) => n + count, 0);
  return {
    list: sum(/chat\/list$/),
    history: sum(/chat\/history$/),
    total: sum(/./),
  };
}

function buyerChatIds(sandbox: Sandbox): string[] {
  return sandbox.control
    .chats()
    .filter((c) => c.kind === "buyer" && c.status === "OPENED")
    .map((c) => c.id);
}

async function callsPerPass(form: "spec (v1)" | "successor (v3)") {
  const sandbox = await startSandbox({
    initialChats: CHATS,
    ...(form === "successor (v3)" ? { retireSpecMethods: 404 as const } : {}),
  });
  const seller = sandboxSeller(sandbox);
  const store = new MemoryStore();
  const notifier = new CountingNotifier();
  const relay = new ChatRelay({
    chats: seller.chats,
    repositories: createRelayRepositories(store),
    notifier,
  });
  const ids = buyerChatIds(sandbox);
  const changed = ids.filter((_, i) => i % 97 === 5).slice(0, 10);

  const pass = async (label: string) => {
    sandbox.resetCounters();
    const before = notifier.count;
    const started = performance.now();
    const report = await relay.runOnce();
    const ms = performance.now() - started;
    const calls = callsOf(sandbox);
    console.log(
      `  ${label.padEnd(46)} list pages ${String(calls.list).padStart(2)}  history ${String(calls.history).padStart(2)}  ` +
        `total calls ${String(calls.total).padStart(2)}  relayed ${notifier.count - before}  ${ms.toFixed(0)} ms` +
        (report.failures.length ? `  FAILURES ${report.failures.length}` : ""),
    );
    return calls;
  };

  console.log(`\n${CHATS} buyer chats (+1 support chat), ${form} chat methods:`);
  await pass("first run (records cursors, relays nothing)");
  await pass("nothing changed");
  for (const id of changed) sandbox.control.buyerWrites(id, { text: "Где мой заказ?" });
  await pass("10 changed, first change since start*");
  for (const id of changed) sandbox.control.buyerWrites(id, { text: "Ответьте, пожалуйста" });
  const steady = await pass("10 changed again (steady state)");
  console.log(
    `  → steady state: ${steady.total} calls = ${steady.list} list pages + ${steady.history} history reads` +
      ` (target ${steady.list} + 10)`,
  );
  console.log(
    "  * the first time a chat changes after the relay started, one extra backward read looks for its order/product context (once per chat, remembered in the store)",
  );
  await seller.close();
  await sandbox.close();
}

async function burst(storeKind: "memory" | "sqlite", spread: number, limited: boolean) {
  const sandbox = await startSandbox({ initialChats: CHATS });
  const seller = createSellerClient({
    baseUrl: sandbox.sellerUrl,
    clientId: sandbox.credentials.sellerClientId,
    apiKey: sandbox.credentials.sellerApiKey,
    // The production setting: Ozon allows 50 requests/s per Client-Id.
    ...(limited ? { requestsPerSecond: 50 } : { limiter: null }),
  });
  let dataDir: string | undefined;
  let store: Store;
  if (storeKind === "sqlite") {
    dataDir = mkdtempSync(join(tmpdir(), "bench-relay-"));
    store = await SqliteStore.open({ dataDir });
  } else {
    store = new MemoryStore();
  }
  const notifier = new CountingNotifier();
  const relay = new ChatRelay({
    chats: seller.chats,
    repositories: createRelayRepositories(store),
    notifier,
  });
  await relay.runOnce();
  const ids = buyerChatIds(sandbox).slice(0, spread);
  for (let i = 0; i < 500; i++) {
    sandbox.control.buyerWrites(ids[i % ids.length], { text: `Сообщение ${i}` });
  }
  sandbox.resetCounters();
  const started = performance.now();
  const report = await relay.runOnce();
  const ms = performance.now() - started;
  const calls = callsOf(sandbox);
  console.log(
    `  ${`${storeKind} store, 500 messages in ${spread} chat${spread > 1 ? "s" : ""}, ${limited ? "50 req/s limiter" : "no limiter"}`.padEnd(62)}` +
      ` ${notifier.count} handed over in ${ms.toFixed(0)} ms = ${((notifier.count / ms) * 1000).toFixed(0)} msg/s` +
      `  (${calls.total} Seller calls${report.failures.length ? `, FAILURES ${report.failures.length}` : ""})`,
  );
  await seller.close();
  await sandbox.close();
  await store.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

await callsPerPass("spec (v1)");
await callsPerPass("successor (v3)");

console.log(
  "\n500 buyer messages arriving at once (in-process notifier that accepts at once; time of one pass):",
);
for (const limited of [true, false]) {
  await burst("memory", 50, limited);
  await burst("memory", 1, limited);
  await burst("sqlite", 50, limited);
}
