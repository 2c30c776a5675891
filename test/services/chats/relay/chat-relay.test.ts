// Ozon → Telegram against the real sandbox over HTTP, with the real Seller client and a memory
// store. Each pass is driven with runOnce(); no timers, no sleeps.
import { afterEach, describe, expect, it } from "vitest";
import {
  ChatRelay,
  type ChatRelayOptions,
} from "../../../../src/services/chats/relay/chat-relay.ts";
import { ChatContexts } from "../../../../src/services/chats/relay/context.ts";
import { RelayCursors } from "../../../../src/services/chats/relay/cursors.ts";
import { MessageLinks } from "../../../../src/services/chats/relay/links.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { Store } from "../../../../src/store/port.ts";
import { faultyStore } from "../../../support/faulty-store.ts";
import { waitFor } from "../../../support/wait.ts";
import {
  bytesOf,
  historyCalls,
  listCalls,
  openBuyerChats,
  RecordingNotifier,
  type SellerSandbox,
  sellerSandbox,
  TELEGRAM_GROUP,
} from "../support.ts";

let env: SellerSandbox | undefined;
let store: Store | undefined;
afterEach(async () => {
  await env?.close();
  await store?.close();
  env = undefined;
  store = undefined;
});

/** Today's chat methods: a store lacking them answers them 404 or 410. */
const TODAYS_CHATS = ["POST /v3/chat/list", "POST /v3/chat/history"];

async function setup(
  options: Partial<ChatRelayOptions> & {
    /** A store with the seed's chat forms (/v1) that lacks today's (/v3). */
    lacking?: 404 | 410;
    /** The seed's documents, every form answering (for moves between passes). */
    seed?: boolean;
    initialChats?: number;
  } = {},
) {
  env = await sellerSandbox({
    initialChats: options.initialChats ?? 4,
    ...(options.lacking || options.seed ? { rules: "seed" as const } : {}),
  });
  if (options.lacking) env.sandbox.contract.withdrawAs(options.lacking, ...TODAYS_CHATS);
  store = new MemoryStore();
  const notifier = new RecordingNotifier();
  const relay = new ChatRelay({
    chats: env.seller.chats,
    repositories: createRelayRepositories(store),
    notifier,
    ...options,
  });
  return { env, store, notifier, relay };
}

describe("ChatRelay: Ozon → Telegram", () => {
  it("first run records where chats stand and relays no old history; unchanged chats cost no history call", async () => {
    const { env, notifier, relay } = await setup();
    const first = await relay.runOnce();
    expect(first).toMatchObject({ leader: true, firstRun: true, relayed: 0, chatsChanged: 0 });
    expect(first.chatsListed).toBe(5); // 4 buyer chats and the support chat
    expect(notifier.deliveries).toHaveLength(0);
    expect(historyCalls(env.calls())).toBe(0);

    env.sandbox.resetCounters();
    const second = await relay.runOnce();
    expect(second).toMatchObject({ firstRun: false, relayed: 0, chatsChanged: 0, historyCalls: 0 });
    const calls = env.calls();
    expect(historyCalls(calls)).toBe(0);
    expect(listCalls(calls)).toBe(1);
    expect(Object.keys(calls).filter((k) => !k.includes("/chat/list"))).toEqual([]);
  });

  it("relays a buyer's text once, ids exact, reading history only for the chat that changed", async () => {
    const { env, store, notifier, relay } = await setup();
    await relay.runOnce();
    const [chat, other] = openBuyerChats(env.sandbox);
    if (!chat || !other) throw new Error("sandbox has too few chats");
    const written = env.sandbox.control.buyerWrites(chat.id, { text: "Где мой заказ?" });
    expect(BigInt(written.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);

    env.sandbox.resetCounters();
    const report = await relay.runOnce();
    expect(report).toMatchObject({ relayed: 1, chatsChanged: 1, failures: [] });
    expect(notifier.deliveries).toHaveLength(1);
    const delivery = notifier.deliveries[0];
    expect(delivery?.message).toMatchObject({
      id: written.id,
      text: "Где мой заказ?",
      author: { kind: "buyer" },
      attachments: [],
    });
    expect(delivery?.chat.ozonChatId).toBe(chat.id);
    // The order was named on an older message, before the first run: found by one look back.
    expect(delivery?.chat.context.orderNumber).toBe(chat.orderNumber);
    expect(Object.keys(env.calls()).sort()).toEqual([
      "POST /v3/chat/history",
      "POST /v3/chat/list",
    ]);
    expect(await new RelayCursors(store).get(chat.id)).toBe(written.id);
    expect(await new RelayCursors(store).get(other.id)).toBe(other.messages.at(-1)?.id);

    // The next message of that chat costs one history call: its context is known now.
    env.sandbox.control.buyerWrites(chat.id, { text: "Ответьте, пожалуйста" });
    env.sandbox.resetCounters();
    await relay.runOnce();
    expect(historyCalls(env.calls())).toBe(1);
    expect(notifier.deliveries[1]?.chat.context.orderNumber).toBe(chat.orderNumber);

    // Nothing new: no history call, nothing delivered again.
    env.sandbox.resetCounters();
    expect(await relay.runOnce()).toMatchObject({ relayed: 0, historyCalls: 0 });
    expect(historyCalls(env.calls())).toBe(0);
    expect(notifier.deliveries).toHaveLength(2);
  });

  it("links each Telegram message of a relayed one to its Ozon chat", async () => {
    const { env, store, notifier, relay } = await setup();
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const written = env.sandbox.control.buyerWrites(chat.id, { text: "Вопрос" });
    await relay.runOnce();
    const sent = notifier.deliveries[0]?.telegram[0];
    if (!sent) throw new Error("nothing delivered");
    expect(await new MessageLinks(store).resolve(TELEGRAM_GROUP, sent.messageId)).toEqual({
      ozonChatId: chat.id,
      ozonMessageId: written.id,
    });
  });

  it("a link that cannot be stored does not make the message come again", async () => {
    const { env, notifier } = await setup();
    const memory = new MemoryStore();
    store = memory;
    let failLinks = 0;
    // The store refuses link writes when told to; everything else goes through.
    const flaky = faultyStore(memory, (operation, [key]) => {
      if (operation !== "set" || !key?.startsWith("relay:link:") || failLinks <= 0) return false;
      failLinks--;
      return true;
    });
    const relay = new ChatRelay({
      chats: env.seller.chats,
      repositories: createRelayRepositories(flaky),
      notifier,
    });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const first = env.sandbox.control.buyerWrites(chat.id, { text: "Раз" });
    const second = env.sandbox.control.buyerWrites(chat.id, { text: "Два" });
    failLinks = 1;
    const report = await relay.runOnce();
    expect(report.failures).toEqual([
      expect.objectContaining({ ozonChatId: chat.id, messageId: first.id }),
    ]);
    expect(notifier.idsOf(chat.id)).toEqual([first.id]);
    expect(await relay.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(notifier.idsOf(chat.id)).toEqual([first.id, second.id]);
  });

  it("keeps the order within a chat across history pages", async () => {
    const { env, notifier, relay } = await setup({ historyPageSize: 5 });
    await relay.runOnce();
    const [a, b] = openBuyerChats(env.sandbox);
    if (!a || !b) throw new Error("no chats");
    const expectedA: string[] = [];
    const expectedB: string[] = [];
    for (let i = 0; i < 12; i++) {
      expectedA.push(env.sandbox.control.buyerWrites(a.id, { text: `A${i}` }).id);
      if (i % 3 === 0) expectedB.push(env.sandbox.control.buyerWrites(b.id, { text: `B${i}` }).id);
    }
    const report = await relay.runOnce();
    expect(report.relayed).toBe(16);
    expect(notifier.idsOf(a.id)).toEqual(expectedA);
    expect(notifier.idsOf(b.id)).toEqual(expectedB);
    expect(report.historyCalls).toBeGreaterThan(3);
  });

  it("does not echo seller or system messages; a chat new since the first run is read from its start", async () => {
    const { env, store, notifier, relay } = await setup();
    // As if the first run happened before any chat existed: every chat is new.
    await new RelayCursors(store).markInitialized(new Date());
    const report = await relay.runOnce();

    const snapshot = env.sandbox.control.chats().filter((c) => c.kind === "buyer");
    const buyerIds = snapshot.flatMap((c) =>
      c.messages.filter((m) => m.author === "buyer").map((m) => m.id),
    );
    const otherIds = snapshot.flatMap((c) =>
      c.messages.filter((m) => m.author !== "buyer").map((m) => m.id),
    );
    expect(otherIds.length).toBeGreaterThanOrEqual(5); // seller answers and a CRM notice
    expect(report.relayed).toBe(buyerIds.length);
    expect(report.passedOver).toBe(otherIds.length);
    expect(notifier.deliveries.map((d) => d.message.id).sort()).toEqual([...buyerIds].sort());
    expect(notifier.deliveries.every((d) => d.message.author.kind === "buyer")).toBe(true);
    // The support chat holds no buyer messages and is never read: one history call per buyer chat.
    expect(report).toMatchObject({ chatsListed: 5, chatsChanged: 4, historyCalls: 4 });
    expect(historyCalls(env.calls())).toBe(4);

    // A reply sent from Telegram comes back as a seller message and is not relayed.
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    await env.seller.chats.sendMessage(chat.id, "Отправим завтра");
    const again = await relay.runOnce();
    expect(again).toMatchObject({ relayed: 0, passedOver: 1 });
    expect(await new RelayCursors(store).get(chat.id)).toBe(
      env.sandbox.control.chat(chat.id)?.messages.at(-1)?.id,
    );
    // The chat is caught up: the next pass does not read it.
    expect(await relay.runOnce()).toMatchObject({ historyCalls: 0 });
  });

  it("passes images and documents with bytes, name, size and mime, in both attachment forms", async () => {
    const { env, notifier, relay } = await setup();
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const photo = bytesOf(3_000, 1);
    const pdf = bytesOf(5_000, 2);
    const sent = [
      { name: "упаковка.png", data: photo, form: "file" as const },
      { name: "Акт о повреждении.pdf", data: pdf, form: "markdown" as const },
      { name: "фото2.png", data: photo, form: "markdown" as const },
      { name: "чек.pdf", data: pdf, form: "file" as const },
    ].map((file) => env.sandbox.control.buyerWrites(chat.id, { file }));

    env.sandbox.resetCounters();
    await relay.runOnce();
    expect(notifier.deliveries.map((d) => d.message.id)).toEqual(sent.map((m) => m.id));
    const [a, b, c, d] = notifier.deliveries.map((x) => x.attachments);
    expect(a).toEqual([
      { kind: "image", name: "упаковка.png", sizeBytes: 3_000, mime: "image/png", bytes: photo },
    ]);
    expect(b).toEqual([
      {
        kind: "file",
        name: "Акт о повреждении.pdf",
        sizeBytes: 5_000,
        mime: "application/pdf",
        bytes: pdf,
      },
    ]);
    // The live image form `![](url)` carries no name: the URL's last segment stands in.
    expect(c).toEqual([
      { kind: "image", name: "фото2.png", sizeBytes: 3_000, mime: "image/png", bytes: photo },
    ]);
    expect(d).toEqual([
      { kind: "file", name: "чек.pdf", sizeBytes: 5_000, mime: "application/pdf", bytes: pdf },
    ]);
    expect(env.calls()["GET /v2/chat/file"]).toBe(4);
  });

  it.each([
    { form: "today's form (v3: files as links)", lacking: undefined, asked: 2 },
    { form: "the seed's form (v1: file{} with its size)", lacking: 404 as const, asked: 1 },
  ])(
    "announces files over Telegram's 50 MB limit by name and size without reading them, in $form",
    async ({ lacking, asked }) => {
      const { env, notifier, relay } = await setup(lacking ? { lacking } : {});
      await relay.runOnce();
      const [chat] = openBuyerChats(env.sandbox);
      if (!chat) throw new Error("no chat");
      const huge = new Uint8Array(50 * 1024 * 1024 + 1);
      env.sandbox.control.buyerWrites(chat.id, {
        file: { name: "video.pdf", data: huge, form: "file" },
      });
      const bigger = new Uint8Array(60 * 1024 * 1024);
      env.sandbox.control.buyerWrites(chat.id, {
        file: { name: "video2.pdf", data: bigger, form: "markdown" },
      });
      env.sandbox.resetCounters();
      await relay.runOnce();
      expect(notifier.deliveries.map((d) => d.attachments)).toEqual([
        [
          {
            kind: "file",
            name: "video.pdf",
            sizeBytes: huge.byteLength,
            mime: "application/pdf",
            skipped: "too_large",
          },
        ],
        [
          {
            kind: "file",
            name: "video2.pdf",
            sizeBytes: expect.any(Number),
            mime: "application/pdf",
            skipped: "too_large",
          },
        ],
      ]);
      // `[video2.pdf (60.0 MB)](url)`: the size in a link is only a label, so the file is asked
      // for, and its Content-Length ends the download before the body; the seed's `file{}` size is
      // enough on its own. Today's form writes every file as a link, so both are asked for.
      expect(notifier.deliveries[1]?.attachments[0]?.sizeBytes).toBe(bigger.byteLength);
      expect(env.calls()["GET /v2/chat/file"]).toBe(asked);
      expect(env.sandbox.requests.map((r) => decodeURIComponent(r.path))).toContainEqual(
        expect.stringMatching(/^\/v2\/chat\/file\/\w+\/video2\.pdf$/),
      );
    },
  );

  it("an image of unknown size is downloaded, then announced when it proves too large", async () => {
    const { env, notifier, relay } = await setup({ maxDownloadBytes: 1_000 });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    env.sandbox.control.buyerWrites(chat.id, {
      file: { name: "big.png", data: bytesOf(2_000), form: "markdown" },
    });
    env.sandbox.control.buyerWrites(chat.id, {
      file: { name: "small.png", data: bytesOf(500), form: "markdown" },
    });
    await relay.runOnce();
    expect(notifier.deliveries.map((d) => d.attachments[0])).toEqual([
      { kind: "image", name: "big.png", sizeBytes: 2_000, mime: "image/png", skipped: "too_large" },
      { kind: "image", name: "small.png", sizeBytes: 500, mime: "image/png", bytes: bytesOf(500) },
    ]);
  });

  it("a file download that fails on Ozon's side holds the chat back and loses nothing", async () => {
    const { env, notifier, relay } = await setup();
    await relay.runOnce();
    const [chat, other] = openBuyerChats(env.sandbox);
    if (!chat || !other) throw new Error("no chats");
    const file = env.sandbox.control.buyerWrites(chat.id, {
      file: { name: "акт.pdf", data: bytesOf(100), form: "file" },
    });
    const after = env.sandbox.control.buyerWrites(chat.id, { text: "Вы видите файл?" });
    const elsewhere = env.sandbox.control.buyerWrites(other.id, { text: "Другой чат" });
    env.sandbox.control.setFault("GET /v2/chat/file/*", { rate5xx: 1, status5xx: 503 });

    const failed = await relay.runOnce();
    expect(failed.failures).toEqual([
      expect.objectContaining({ ozonChatId: chat.id, messageId: file.id }),
    ]);
    expect(notifier.idsOf(chat.id)).toEqual([]);
    expect(notifier.idsOf(other.id)).toEqual([elsewhere.id]);

    env.sandbox.control.clearFaults();
    expect(await relay.runOnce()).toMatchObject({ relayed: 2, failures: [] });
    expect(notifier.idsOf(chat.id)).toEqual([file.id, after.id]);
    expect(notifier.deliveries.at(-2)?.attachments[0]?.bytes).toEqual(bytesOf(100));
  });

  /** Three buyer messages (a text, a photo, a PDF) and the seller's answer among them. */
  async function buyerWritesThree(env: SellerSandbox) {
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const text = env.sandbox.control.buyerWrites(chat.id, { text: "Добрый день" });
    const photo = env.sandbox.control.buyerWrites(chat.id, {
      file: { name: "фото.png", data: bytesOf(800), form: "file" },
    });
    await env.seller.chats.sendMessage(chat.id, "Здравствуйте!");
    const doc = env.sandbox.control.buyerWrites(chat.id, {
      file: { name: "чек.pdf", data: bytesOf(900), form: "file" },
    });
    return { chat, ids: [text.id, photo.id, doc.id] };
  }

  function expectThreeRelayed(
    notifier: RecordingNotifier,
    written: Awaited<ReturnType<typeof buyerWritesThree>>,
  ) {
    expect(notifier.deliveries.map((d) => d.message.id)).toEqual(written.ids);
    expect(notifier.deliveries[0]?.chat.context.orderNumber).toBe(written.chat.orderNumber);
    expect(notifier.deliveries.map((d) => d.attachments[0]?.bytes)).toEqual([
      undefined,
      bytesOf(800),
      bytesOf(900),
    ]);
  }

  it("works with today's methods (v3 list and history); the seed's forms are never asked", async () => {
    const { env, notifier, relay } = await setup();
    await relay.runOnce();
    const written = await buyerWritesThree(env);
    env.sandbox.resetCounters();
    const report = await relay.runOnce();
    expect(report).toMatchObject({ relayed: 3, passedOver: 1 });
    expectThreeRelayed(notifier, written);
    const calls = env.calls();
    expect(calls["POST /v3/chat/list"]).toBe(1);
    // The look back for context, then the new messages.
    expect(calls["POST /v3/chat/history"]).toBe(2);
    expect(calls["POST /v1/chat/list"]).toBeUndefined();
    expect(calls["POST /v1/chat/history"]).toBeUndefined();
    expect(env.seller.fellBackToSeed()).toEqual([]);
  });

  it("falls back to the seed's v1 list and history where the store lacks v3 (410), asking v3 once each", async () => {
    const { env, notifier, relay } = await setup({ lacking: 410 });
    await relay.runOnce();
    expect(env.calls()).toMatchObject({ "POST /v3/chat/list": 1, "POST /v1/chat/list": 1 });
    const written = await buyerWritesThree(env);
    env.sandbox.resetCounters();
    const report = await relay.runOnce();
    expect(report).toMatchObject({ relayed: 3, passedOver: 1 });
    expectThreeRelayed(notifier, written);
    const calls = env.calls();
    expect(calls["POST /v3/chat/list"]).toBeUndefined();
    expect(calls["POST /v1/chat/list"]).toBe(1);
    // Today's history is asked once, answers 410, and is not asked again.
    expect(calls["POST /v3/chat/history"]).toBe(1);
    expect(calls["POST /v1/chat/history"]).toBe(2);
    expect(env.seller.fellBackToSeed().sort()).toEqual(["chats.history", "chats.list"]);
  });

  it("falls back when the store's v3 goes between passes, and goes back when v1 goes in its turn, losing nothing", async () => {
    const { env, notifier, relay } = await setup({ seed: true });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const before = env.sandbox.control.buyerWrites(chat.id, { text: "до" });
    await relay.runOnce();
    expect(env.calls()["POST /v1/chat/history"]).toBeUndefined();

    env.sandbox.contract.withdraw(...TODAYS_CHATS);
    const during = env.sandbox.control.buyerWrites(chat.id, { text: "без v3" });
    expect(await relay.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(env.calls()["POST /v1/chat/history"]).toBeGreaterThanOrEqual(1);
    expect(env.seller.fellBackToSeed().sort()).toEqual(["chats.history", "chats.list"]);

    // The store moves on: v3 is back and the seed's forms are gone.
    env.sandbox.contract.restore();
    env.sandbox.control.retireSpecMethods(404);
    const after = env.sandbox.control.buyerWrites(chat.id, { text: "после" });
    env.sandbox.resetCounters();
    expect(await relay.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(notifier.idsOf(chat.id)).toEqual([before.id, during.id, after.id]);
    expect(env.calls()["POST /v3/chat/history"]).toBeGreaterThanOrEqual(1);
    expect(env.seller.fellBackToSeed()).toEqual([]);
  });

  it("remembers order and product per chat from the messages that carry them", async () => {
    const { env, store, notifier, relay } = await setup();
    await relay.runOnce();
    const posting = env.sandbox.control.addPosting();
    const chat = env.sandbox.control.addChat({ postingNumber: posting.postingNumber });
    // The first message of a new chat carries the context; later ones do not.
    env.sandbox.control.buyerWrites(chat.id, { text: "Первое" });
    env.sandbox.control.buyerWrites(chat.id, { text: "Второе" });
    await relay.runOnce();
    expect(notifier.deliveries.map((d) => d.chat.context)).toEqual([
      expect.objectContaining({ orderNumber: posting.orderNumber }),
      expect.objectContaining({ orderNumber: posting.orderNumber }),
    ]);
    expect((await new ChatContexts(store).get(chat.id)).orderNumber).toBe(posting.orderNumber);
  });

  it("one poller at a time: a second relay on the same store waits for the lease", async () => {
    const { env, store, notifier, relay } = await setup({ lease: { holderId: "process-a" } });
    const other = new RecordingNotifier();
    const second = new ChatRelay({
      chats: env.seller.chats,
      repositories: createRelayRepositories(store),
      notifier: other,
      lease: { holderId: "process-b" },
    });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    env.sandbox.control.buyerWrites(chat.id, { text: "Кто ответит?" });
    env.sandbox.resetCounters();
    expect(await second.runOnce()).toMatchObject({ leader: false, relayed: 0 });
    expect(env.calls()).toEqual({});
    expect(await relay.runOnce()).toMatchObject({ leader: true, relayed: 1 });

    await relay.stop(); // gives the lease up
    env.sandbox.control.buyerWrites(chat.id, { text: "Ещё вопрос" });
    expect(await second.runOnce()).toMatchObject({ leader: true, relayed: 1 });
    expect(notifier.deliveries).toHaveLength(1);
    expect(other.deliveries).toHaveLength(1);
  });

  it("a listed message that history does not show yet is waited for one pass, then moved past", async () => {
    const { env, store, notifier } = await setup();
    const hidden = new Set<string>();
    // The real client, except that history leaves out the ids in `hidden` (as if Ozon lagged).
    const chats: ChatRelayOptions["chats"] = {
      list: (options) => env.seller.chats.list(options),
      downloadFile: (url) => env.seller.chats.downloadFile(url),
      history: async (chatId, options) => {
        const page = await env.seller.chats.history(chatId, options);
        return { ...page, messages: page.messages.filter((m) => !hidden.has(m.id)) };
      },
    };
    const relay = new ChatRelay({ chats, repositories: createRelayRepositories(store), notifier });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const cursors = new RelayCursors(store);
    const start = await cursors.get(chat.id);

    // Lagging: the first pass does not see it, the second does.
    const late = env.sandbox.control.buyerWrites(chat.id, { text: "Поздно видно" });
    hidden.add(late.id);
    expect(await relay.runOnce()).toMatchObject({ relayed: 0, chatsChanged: 1 });
    expect(await cursors.get(chat.id)).toBe(start);
    hidden.delete(late.id);
    expect(await relay.runOnce()).toMatchObject({ relayed: 1 });
    expect(notifier.idsOf(chat.id)).toEqual([late.id]);

    // Never visible: after two passes the cursor moves past it and the chat costs nothing.
    const ghost = env.sandbox.control.buyerWrites(chat.id, { text: "Невидимое" });
    hidden.add(ghost.id);
    expect(await relay.runOnce()).toMatchObject({ relayed: 0, historyCalls: 1 });
    expect(await cursors.get(chat.id)).toBe(late.id);
    expect(await relay.runOnce()).toMatchObject({ relayed: 0, historyCalls: 1 });
    expect(await cursors.get(chat.id)).toBe(ghost.id);
    expect(await relay.runOnce()).toMatchObject({ historyCalls: 0 });
  });

  it("nudge() runs a pass at once instead of waiting for the poll period", async () => {
    const { env, notifier, relay } = await setup({ pollSeconds: 3_600 });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    relay.start(); // first pass at once, the next one an hour later
    const first = env.sandbox.control.buyerWrites(chat.id, { text: "Первое" });
    await waitFor(() => notifier.deliveries.length === 1);
    const second = env.sandbox.control.buyerWrites(chat.id, { text: "Второе" });
    relay.nudge();
    await waitFor(() => notifier.deliveries.length === 2);
    await relay.stop();
    expect(notifier.idsOf(chat.id)).toEqual([first.id, second.id]);
  });

  it("start() polls on its own and stop() ends it", async () => {
    const { env, notifier, relay } = await setup({ pollSeconds: 0.02 });
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const written = env.sandbox.control.buyerWrites(chat.id, { text: "Есть кто?" });
    relay.start();
    await waitFor(() => notifier.deliveries.length > 0);
    await relay.stop();
    expect(notifier.idsOf(chat.id)).toEqual([written.id]);
    expect(relay.running).toBe(false);
    // Stopped: ten poll periods pass with a new buyer message and no request goes to Ozon.
    const requestsBefore = env.sandbox.requests.length;
    env.sandbox.control.buyerWrites(chat.id, { text: "Алло?" });
    await expect(
      waitFor(() => env.sandbox.requests.length > requestsBefore, { timeoutMs: 200 }),
    ).rejects.toThrow(/not met within/);
    expect(notifier.idsOf(chat.id)).toEqual([written.id]);
  });
});

describe("ChatRelay: a file just over the limit in the live form", () => {
  it("is downloaded to learn its size (the link rounds it), then announced, not passed on", async () => {
    const { env, notifier, relay } = await setup();
    await relay.runOnce();
    const [chat] = openBuyerChats(env.sandbox);
    if (!chat) throw new Error("no chat");
    const huge = new Uint8Array(50 * 1024 * 1024 + 1); // the link says "(50.0 MB)"
    env.sandbox.control.buyerWrites(chat.id, {
      file: { name: "video.pdf", data: huge, form: "markdown" },
    });
    await relay.runOnce();
    expect(notifier.deliveries[0]?.attachments).toEqual([
      {
        kind: "file",
        name: "video.pdf",
        sizeBytes: huge.byteLength,
        mime: "application/pdf",
        skipped: "too_large",
      },
    ]);
  });
});
