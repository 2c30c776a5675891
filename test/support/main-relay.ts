/**
 * `node src/main.ts` relaying a sandbox's buyer chats to the fake Bot API, over a data folder
 * that outlives its restarts (SIGTERM, kill -9): what the real-process relay tests share.
 *
 * ```ts
 * const rig = await startMainRelay({ seed: 23, adminId: ADMIN.id });
 * cleanups.push(() => rig.close());
 * const run = await rig.start();              // started, the bot's "Bot @..." line logged
 * await rig.relayPasses(2);                   // the relay looked at the chats twice more
 * rig.buyerCopies(ADMIN.id);                  // texts of the buyer copies Telegram accepted
 * ```
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { FakeBotApi } from "./fake-bot-api.ts";
import { freePort, type MainProcess, sellerEnv, startMain } from "./main-process.ts";
import { waitFor } from "./wait.ts";

const STARTED = (line: { msg: string }) => line.msg.startsWith("Bot @");
/** A buyer's copy: the words, then the full header ("💬 Buyer · ...") or, later in a burst, the short mark. */
const BUYER_COPY = /\n\n(💬|↪)/u;

export interface MainRelay {
  sandbox: Sandbox;
  fake: FakeBotApi;
  /** Starts the bot on the shared data folder; resolves once it says it started. */
  start(): Promise<MainProcess>;
  /** Waits until the relay listed the chats `count` more times (10 s at most). */
  relayPasses(count: number): Promise<void>;
  /** Texts of the buyer copies a chat got, as Telegram accepted them, in order. */
  buyerCopies(chatId: number): string[];
  close(): Promise<void>;
}

export async function startMainRelay(options: {
  seed: number;
  adminId: number;
}): Promise<MainRelay> {
  const sandbox = await startSandbox({ seed: options.seed, initialPostings: 0, initialChats: 2 });
  const fake = await FakeBotApi.start();
  const dataDir = mkdtempSync(join(tmpdir(), "ozon-bot-relay-"));
  const listings = () => sandbox.requests.filter((r) => r.path.includes("/chat/list")).length;
  return {
    sandbox,
    fake,
    async start() {
      const run = startMain({
        BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        ADMIN_IDS: String(options.adminId),
        ...sellerEnv(sandbox),
        DATA_DIR: dataDir,
        CHATS_POLL_SECONDS: "0.2",
        PORT: String(await freePort()),
      });
      await run.waitForLog(STARTED, 20_000);
      return run;
    },
    async relayPasses(count) {
      const seen = listings();
      await waitFor(() => listings() >= seen + count, {
        timeoutMs: 10_000,
        message: "relay passes",
      });
    },
    buyerCopies: (chatId) =>
      fake
        .callsTo("sendMessage")
        .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok)
        .map((c) => String(c.payload.text))
        .filter((text) => BUYER_COPY.test(text)),
    async close() {
      await fake.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
