/**
 * An install of the single-store version upgrades without losing anything (issue 12): the file
 * store its last life wrote (test/fixtures/single-store-v1, made by that version, see make.ts)
 * is opened by this version, now configured with two stores in OZON_STORES, the old one first.
 * What was announced or relayed is not sent again, the subscription still works, and a reply to
 * a message relayed by the old version still reaches its buyer.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { FIXTURE, sandboxSteps } from "../fixtures/single-store-v1/steps.ts";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import { freePort, startMain, stopMainProcesses } from "../support/main-process.ts";
import { person, text } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";

const FIXTURE_DIR = new URL("../fixtures/single-store-v1", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(FIXTURE_DIR, "manifest.json"), "utf8"));
const ADMIN = person(FIXTURE.adminId, { first_name: "Owner", language_code: "en" });
const TIMEOUT = 20_000;

let sandbox: Sandbox;
let fake: FakeBotApi;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ ...FIXTURE.sandbox, stores: 2 });
  fake = await FakeBotApi.start();
  dataDir = mkdtempSync(join(tmpdir(), "ozon-bot-upgrade-"));
  mkdirSync(join(dataDir, "data"));
  copyFileSync(join(FIXTURE_DIR, "ozon-bot.sqlite"), join(dataDir, "data", "ozon-bot.sqlite"));
});

afterEach(() => stopMainProcesses());

afterAll(async () => {
  await fake.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sentToAdmin = (fragment: string) =>
  fake.calls.filter(
    (c) =>
      c.method === "sendMessage" &&
      Number(c.payload.chat_id) === ADMIN.id &&
      String(c.payload.text).includes(fragment),
  ).length;

describe("upgrade from the single-store version", () => {
  it("keeps what the old version delivered and remembered, with a second store added", async () => {
    // Ozon as the old version last saw it (the same seed and steps).
    expect(sandboxSteps(sandbox)).toEqual({
      postingNumber: manifest.postingNumber,
      chatId: manifest.chatId,
    });
    const [north, south] = sandbox.stores;
    if (!north || !south) throw new Error("two sandbox stores expected");
    const stores = [north, south].map(({ name, credentials: c }) => ({
      name,
      clientId: c.sellerClientId,
      apiKey: c.sellerApiKey,
    }));
    const bot = startMain({
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ADMIN_IDS: String(ADMIN.id),
      OZON_SELLER_URL: sandbox.url,
      OZON_STORES: JSON.stringify(stores),
      DATA_DIR: join(dataDir, "data"),
      POSTINGS_POLL_SECONDS: "0.2",
      CHATS_POLL_SECONDS: "0.2",
      PORT: String(await freePort()),
    });
    await bot.waitForLog((line) => line.msg.startsWith("Bot @"), TIMEOUT);

    // Several passes of the old store's pollers: nothing it already delivered comes again.
    const passes = () =>
      sandbox.requests.filter(
        (r) => /chat\/list/.test(r.path) && r.store === north.credentials.sellerClientId,
      ).length;
    const before = passes();
    await waitFor(() => passes() >= before + 4, { timeoutMs: TIMEOUT, message: "passes" });
    expect(sentToAdmin(FIXTURE.buyerText)).toBe(0);
    expect(sentToAdmin(manifest.postingNumber)).toBe(0);

    // The subscription made before the upgrade still brings new postings of the old store.
    const next = north.control.addPosting().postingNumber;
    await fake.waitForCall(
      "sendMessage",
      (c) => Number(c.payload.chat_id) === ADMIN.id && String(c.payload.text).includes(next),
      TIMEOUT,
    );

    // A reply to the message the old version relayed reaches that buyer's chat.
    fake.queueUpdates(text("Уже едет к вам", { from: ADMIN, replyTo: manifest.relayed }));
    await waitFor(
      () =>
        north.control.chat(manifest.chatId)?.messages.some((m) => m.text === "Уже едет к вам") ??
        false,
      { timeoutMs: TIMEOUT, message: "the reply at Ozon" },
    );
    const southTexts = south.control.chats().flatMap((c) => c.messages.map((m) => m.text));
    expect(southTexts).not.toContain("Уже едет к вам");
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);
  });
});
