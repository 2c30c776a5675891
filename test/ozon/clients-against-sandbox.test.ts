/**
 * Every client method against the project's simulated Ozon over real HTTP: first as Ozon's current
 * documents have it (today's methods, the seed's forms never asked), then as a store that lacks
 * today's methods (the seed's documents with today's methods withdrawn, answering 404 or 410), so
 * the fall-back to the seed's forms is exercised too.
 */
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isOzonApiError,
  isOzonAuthError,
  isOzonShapeError,
  isOzonShipFailedError,
  isRetiredMethodError,
  type OzonShapeError,
} from "../../src/ozon/errors.ts";
import {
  createPerformanceClient,
  type PerformanceClient,
} from "../../src/ozon/performance/client.ts";
import { createSellerClient, type SellerClient } from "../../src/ozon/seller/client.ts";
import type { Chat, ExemplarProductValues, ShipPackage } from "../../src/ozon/seller/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { waitFor } from "../support/wait.ts";
import { captureLogger } from "./support/logger.ts";
import { collect } from "./support/seller.ts";

/** Today's method of each capability, with the capabilities asking it (a method may serve two). */
const TODAYS = {
  "POST /v4/posting/fbs/unfulfilled/list": ["postings.awaitingPackaging"],
  "POST /v4/posting/fbs/ship": ["postings.ship"],
  "POST /v3/chat/list": ["chats.list"],
  "POST /v3/chat/history": ["chats.history", "chats.updates"],
  "PATCH /api/client/campaign/{campaignId}": ["campaigns.dailyBudget", "campaigns.period"],
};

/** The seed's forms the capabilities fall back to. */
const SEEDS = [
  "POST /v3/posting/fbs/unfulfilled/list",
  "POST /v2/posting/fbs/ship",
  "POST /v1/chat/list",
  "POST /v1/chat/history",
  "POST /v1/chat/updates",
  "PUT /api/client/campaign/{campaignId}/daily_budget",
  "PUT /api/client/campaign/{campaignId}/period",
];

const modes = [
  { name: "today's Ozon", lacking: false as const },
  { name: "a store lacking today's methods (404)", lacking: 404 as const },
  { name: "a store lacking today's methods (410)", lacking: 410 as const },
];

/** Requests the sandbox counted to `METHOD /pattern` (`{campaignId}` stands for any id). */
function hitsOf(sandbox: Sandbox, spec: string): number {
  const [method, path] = spec.split(" ");
  const pattern = new RegExp(`^${(path ?? "").replace("{campaignId}", "\\d+")}$`);
  return Object.entries(sandbox.counters())
    .filter(([key]) => {
      const [m, p] = key.split(" ");
      return m === method && pattern.test(p ?? "");
    })
    .reduce((n, [, count]) => n + count, 0);
}

describe.each(modes)("clients against the sandbox: $name", ({ lacking }) => {
  let sandbox: Sandbox;
  let seller: SellerClient;
  let perf: PerformanceClient;
  let sellerClock: ManualClock;
  let lines: Record<string, unknown>[];

  beforeAll(async () => {
    sandbox = await startSandbox({
      seed: 42,
      // A store lacking today's methods still has the seed's forms.
      ...(lacking ? { rules: "seed" as const } : {}),
      initialPostings: 7,
      reportStepMs: 30,
    });
    if (lacking) sandbox.contract.withdrawAs(lacking, ...Object.keys(TODAYS));
    const captured = captureLogger();
    lines = captured.lines;
    // A fake clock makes retry delays instant and visible; it starts at the real time because
    // the sandbox dates its postings by the real time.
    sellerClock = ManualClock.instant(Date.now());
    seller = createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: sandbox.credentials.sellerClientId,
      apiKey: sandbox.credentials.sellerApiKey,
      logger: captured.logger,
      clock: sellerClock,
      random: () => 0.5,
      pageSize: 3,
    });
    perf = createPerformanceClient({
      baseUrl: sandbox.performanceUrl,
      clientId: sandbox.credentials.performanceClientId,
      clientSecret: sandbox.credentials.performanceClientSecret,
      logger: captured.logger,
      clock: ManualClock.instant(Date.now()),
      random: () => 0.5,
    });
  });

  afterAll(async () => {
    await seller.close();
    await perf.close();
    await sandbox.close();
  });

  const awaiting = () =>
    sandbox.control
      .postings()
      .filter((p) => p.status === "awaiting_packaging")
      .map((p) => p.postingNumber);

  const packagesFor = (postingNumber: string): ShipPackage[] => {
    const posting = sandbox.control.posting(postingNumber);
    if (!posting) throw new Error("no such posting");
    return [
      {
        items: posting.products.map((p) => ({
          sku: p.sku,
          quantity: p.quantity,
          marks: p.markRequired
            ? Array.from({ length: p.quantity }, () => sandbox.control.sampleMark())
            : [],
        })),
      },
    ];
  };

  /**
   * Today's Ozon ships a posting only once its units' values are in (marks, GTD, RNPT, weight,
   * IMEI): each needed value sent (a valid sample, "no GTD/RNPT", the lightest weight allowed),
   * and Ozon's check waited for.
   */
  const unitsFilled = async (postingNumber: string) => {
    const products = await seller.exemplars.createOrGet(postingNumber);
    const code = { mandatory_mark: "mark", jw_uin: "jwUin", imei: "imei" } as const;
    const values: ExemplarProductValues[] = products
      .filter((p) => p.marks.length > 0 || p.gtd || p.rnpt || p.weight)
      .map((p) => ({
        sku: p.sku,
        exemplars: p.exemplarIds.map((exemplarId) => ({
          exemplarId,
          marks: p.marks.map((kind) => ({ kind, code: sandbox.control.units.sample(code[kind]) })),
          ...(p.gtd ? { gtd: null } : {}),
          ...(p.rnpt ? { rnpt: null } : {}),
          ...(p.weight ? { weightGrams: Math.round(p.weight.minKg * 1000) } : {}),
        })),
      }));
    if (values.length === 0) return;
    await seller.exemplars.set(postingNumber, values);
    await waitFor(
      async () => (await seller.exemplars.status(postingNumber)).status === "ship_available",
      { timeoutMs: 5000, message: `the units of ${postingNumber} accepted` },
    );
  };

  describe("seller: postings", () => {
    it("lists every posting awaiting packaging, page after page", async () => {
      const listed = await collect(seller.postings.listAwaitingPackaging());
      expect(listed.map((p) => p.postingNumber).sort()).toEqual(awaiting().sort());
      const first = listed[0];
      const snapshot = sandbox.control.posting(first?.postingNumber ?? "");
      expect(first?.status).toBe("awaiting_packaging");
      expect(first?.products.map((p) => [p.sku, p.quantity, p.name])).toEqual(
        snapshot?.products.map((p) => [String(p.sku), p.quantity, p.name]),
      );
      expect(first?.products[0]?.price).toMatch(/^\d+(\.\d+)?$/);
      // Several pages were needed (page size 3).
      const pages =
        (sandbox.counters()["POST /v3/posting/fbs/unfulfilled/list"] ?? 0) +
        (sandbox.counters()["POST /v4/posting/fbs/unfulfilled/list"] ?? 0);
      expect(pages).toBeGreaterThanOrEqual(3);
    });

    it("gets a posting, normalised the same as in the list", async () => {
      const [listed] = await collect(seller.postings.listAwaitingPackaging());
      const got = await seller.postings.get(listed?.postingNumber ?? "");
      expect(got.postingNumber).toBe(listed?.postingNumber);
      expect(got.products).toEqual(listed?.products);
      expect(got.shipmentDate).toBe(listed?.shipmentDate);
    });

    it("ships a posting and sees it awaiting delivery", async () => {
      const postingNumber = awaiting()[0] ?? "";
      await unitsFilled(postingNumber);
      const result = await seller.postings.ship(postingNumber, packagesFor(postingNumber));
      expect(result.postingNumbers).toEqual([postingNumber]);
      expect(result.posting.status).toBe("awaiting_deliver");
      expect(sandbox.control.posting(postingNumber)?.status).toBe("awaiting_deliver");
    });

    it("reports a ship that Ozon accepted but failed", async () => {
      const postingNumber = awaiting()[0] ?? "";
      await unitsFilled(postingNumber);
      sandbox.control.failNextShip(postingNumber);
      const error = await seller.postings
        .ship(postingNumber, packagesFor(postingNumber))
        .catch((e: unknown) => e);
      expect(isOzonShipFailedError(error)).toBe(true);
    });

    it("answers Ozon's refusal of a second ship as an API error", async () => {
      const postingNumber = awaiting()[0] ?? "";
      await unitsFilled(postingNumber);
      await seller.postings.ship(postingNumber, packagesFor(postingNumber));
      const error = await seller.postings
        .ship(postingNumber, packagesFor(postingNumber))
        .catch((e: unknown) => e);
      expect(isOzonApiError(error) && error.apiMessage).toBe("POSTING_ALREADY_SHIPPED");
    });

    it("lists cancel reasons and cancels a posting", async () => {
      const reasons = await seller.postings.cancelReasons();
      expect(reasons).toContainEqual(
        expect.objectContaining({ id: 352, typeId: "seller", available: true }),
      );
      const postingNumber = awaiting()[0] ?? "";
      await seller.postings.cancel(postingNumber, 402, "Покупатель попросил отменить");
      expect(sandbox.control.posting(postingNumber)?.status).toBe("cancelled");
    });

    it("prints package labels as a PDF", async () => {
      const numbers = awaiting().slice(0, 2);
      const pdf = await seller.postings.packageLabel(numbers);
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    });
  });

  describe("seller: units, marks and warehouses", () => {
    it("says what each unit needs, checks values, and takes them once Ozon's check passed", async () => {
      const shoes = sandbox.control.products().find((p) => p.markRequired);
      const charger = sandbox.control.products().find((p) => p.needs.rnpt);
      if (!shoes || !charger) throw new Error("no product needing a mark or an RNPT");
      const { postingNumber } = sandbox.control.addPosting({
        products: [
          { sku: shoes.sku, quantity: 2 },
          { sku: charger.sku, quantity: 1 },
        ],
      });
      const products = await seller.exemplars.createOrGet(postingNumber);
      expect(products.map((p) => [p.sku, p.marks, p.gtd, p.rnpt, p.exemplarIds.length])).toEqual([
        [String(shoes.sku), ["mandatory_mark"], false, false, 2],
        [String(charger.sku), [], true, true, 1],
      ]);
      const [marked, traced] = products;
      if (!marked || !traced) throw new Error("two products expected");
      const good = sandbox.control.sampleMark();
      const values = (second: string): ExemplarProductValues[] => [
        {
          sku: marked.sku,
          exemplars: marked.exemplarIds.map((exemplarId, i) => ({
            exemplarId,
            marks: [{ kind: "mandatory_mark", code: i === 0 ? good : second }],
          })),
        },
        {
          sku: traced.sku,
          exemplars: traced.exemplarIds.map((exemplarId) => ({
            exemplarId,
            marks: [],
            gtd: null,
            rnpt: sandbox.control.units.sample("rnpt"),
          })),
        },
      ];
      const [checked] = await seller.exemplars.validate(
        postingNumber,
        values("BAD-0104601234567890"),
      );
      expect(checked?.exemplars.map((e) => e.marks.map((m) => m.valid))).toEqual([[true], [false]]);
      const used = sandbox.control.units.usedMark();
      await seller.exemplars.set(postingNumber, values(used));
      const judged = await waitFor(
        async () => {
          const status = await seller.exemplars.status(postingNumber);
          return status.status === "validation_in_process" ? undefined : status;
        },
        { timeoutMs: 5000, message: "Ozon's check over" },
      );
      expect(judged.status).toBe("ship_not_available");
      expect(judged.products[0]?.exemplars[1]?.marks[0]?.check).toEqual({
        status: "failed",
        codes: ["MARK_ALREADY_USED"],
      });
      expect(judged.products[1]?.exemplars[0]?.rnpt.status).toBe("passed");
      await seller.exemplars.set(postingNumber, values(sandbox.control.sampleMark()));
      await unitsFilled(postingNumber);
      const shipped = await seller.postings.ship(postingNumber, packagesFor(postingNumber));
      expect(shipped.posting.status).toBe("awaiting_deliver");
    });

    it.skipIf(lacking)("the seed's mark methods answer as removed ones", async () => {
      const error = await seller.marks.isRequired(["1"]).catch((e: unknown) => e);
      expect(isRetiredMethodError(error)).toBe(true);
    });

    it.runIf(lacking)("the seed's mark methods, where a store still has them", async () => {
      const products = sandbox.control.products();
      const answer = await seller.marks.isRequired(products.map((p) => p.sku));
      expect(answer).toEqual(
        products.map((p) => ({ sku: String(p.sku), isRequired: p.markRequired })),
      );
      const good = sandbox.control.sampleMark();
      await expect(seller.marks.validate([good, "BAD-0104601234567890"])).resolves.toEqual([
        { mark: good, valid: true, detail: undefined },
        { mark: "BAD-0104601234567890", valid: false, detail: undefined },
      ]);
    });

    it("lists warehouses", async () => {
      const warehouses = await seller.warehouses.list();
      expect(warehouses.map((w) => [w.id, w.name, w.isRfbs])).toEqual(
        sandbox.control.warehouses().map((w) => [String(w.id), w.name, w.isRfbs]),
      );
    });

    it("names products by SKU, leaving out SKUs Ozon does not know", async () => {
      const [first, second] = sandbox.control.products();
      if (!first || !second) throw new Error("the sandbox has fewer than two products");
      const names = await seller.products.namesBySku([String(first.sku), String(second.sku), "1"]);
      expect(Object.fromEntries(names)).toEqual({
        [String(first.sku)]: first.name,
        [String(second.sku)]: second.name,
      });
    });
  });

  describe("seller: chats", () => {
    const openBuyerChat = () => {
      const chat = sandbox.control
        .chats()
        .find((c) => c.kind === "buyer" && c.status === "OPENED" && c.messages.length > 0);
      if (!chat) throw new Error("the sandbox has no open buyer chat");
      return chat;
    };

    it("lists every chat, buyer chats recognised", async () => {
      const chats = await collect(seller.chats.list());
      const snapshots = sandbox.control.chats();
      expect(chats.map((c) => c.id).sort()).toEqual(snapshots.map((c) => c.id).sort());
      for (const chat of chats) {
        const snapshot = snapshots.find((s) => s.id === chat.id);
        expect(chat.isBuyerChat).toBe(snapshot?.kind === "buyer");
      }
    });

    it("reads history with exact ids beyond 2^53", async () => {
      const chat = openBuyerChat();
      const page = await seller.chats.history(chat.id, { limit: 100 });
      expect(page.messages.map((m) => m.id)).toEqual(chat.messages.map((m) => m.id));
      expect(BigInt(page.messages[0]?.id ?? "0")).toBeGreaterThan(2n ** 53n);
      const buyerLine = page.messages.find((m) => m.author.kind === "buyer");
      expect(buyerLine).toBeDefined();
    });

    it("reads history forward from a message", async () => {
      const chat = openBuyerChat();
      const from = chat.messages[0]?.id ?? "";
      const page = await seller.chats.history(chat.id, {
        fromMessageId: from,
        direction: "forward",
      });
      expect(page.messages.map((m) => m.id)).toEqual(chat.messages.map((m) => m.id));
    });

    it("brings a buyer's new text, image and file as updates, and downloads the files", async () => {
      const chat = openBuyerChat();
      const lastId = chat.messages.at(-1)?.id ?? "";
      const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      const receipt = new Uint8Array(Buffer.from("%PDF-1.4 чек"));
      sandbox.control.buyerWrites(chat.id, { text: "Когда отправите заказ?" });
      sandbox.control.buyerWrites(chat.id, {
        file: { name: "фото.jpg", mime: "image/jpeg", data: photo, form: "markdown" },
      });
      sandbox.control.buyerWrites(chat.id, {
        file: { name: "чек.pdf", mime: "application/pdf", data: receipt, form: "file" },
      });
      const updates = await seller.chats.updates(chat.id, lastId);
      expect(updates).toHaveLength(3);
      expect(updates[0]).toMatchObject({
        author: { kind: "buyer" },
        text: "Когда отправите заказ?",
      });
      const image = updates[1]?.attachments[0];
      const file = updates[2]?.attachments[0];
      expect(image).toMatchObject({ kind: "image", name: "фото.jpg" });
      expect(file).toMatchObject({ kind: "file", name: "чек.pdf" });
      expect(updates.every((m) => m.author.kind === "buyer")).toBe(true);

      const downloadedImage = await seller.chats.downloadFile(image?.url ?? "");
      expect(downloadedImage.bytes).toEqual(photo);
      expect(downloadedImage.contentType).toContain("image/jpeg");
      const downloadedFile = await seller.chats.downloadFile(file?.url ?? "");
      expect(downloadedFile.bytes).toEqual(receipt);
    });

    it("sends a message and a file, and marks the chat read", async () => {
      const chat = openBuyerChat();
      await seller.chats.sendMessage(chat.id, "Здравствуйте! Отправим сегодня.");
      await seller.chats.sendFile(chat.id, "инструкция.txt", new Uint8Array(Buffer.from("Шаг 1")));
      const after = sandbox.control.chat(chat.id);
      const [text, file] = after?.messages.slice(-2) ?? [];
      expect(text).toMatchObject({ author: "seller", text: "Здравствуйте! Отправим сегодня." });
      expect(file?.file?.name).toBe("инструкция.txt");

      sandbox.control.buyerWrites(chat.id, { text: "Спасибо" });
      const newest = sandbox.control.chat(chat.id)?.messages.at(-1)?.id ?? "";
      await expect(seller.chats.read(chat.id, newest)).resolves.toEqual({ unreadCount: 0 });
      expect(sandbox.control.chat(chat.id)?.unreadCount).toBe(0);
    });

    it.skipIf(lacking)(
      "lists chats with their unread counts in /v3's form, unread ones only on request",
      async () => {
        const chat = openBuyerChat();
        sandbox.control.buyerWrites(chat.id, { text: "Ответьте, пожалуйста" });
        const all: Chat[] = [];
        for await (const c of seller.chats.listWithUnread({ status: "opened" })) all.push(c);
        const open = sandbox.control.chats().filter((c) => c.status === "OPENED");
        expect(all.map((c) => c.id).sort()).toEqual(open.map((c) => c.id).sort());
        const listed = all.find((c) => c.id === chat.id);
        expect(listed?.unreadCount).toBe(sandbox.control.chat(chat.id)?.unreadCount);
        expect(listed?.lastMessageId).toBe(sandbox.control.chat(chat.id)?.messages.at(-1)?.id);

        const unread: Chat[] = [];
        for await (const c of seller.chats.listWithUnread({ unreadOnly: true })) unread.push(c);
        const expected = sandbox.control.chats().filter((c) => c.unreadCount > 0);
        expect(unread.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
        await seller.chats.read(chat.id);
        const after: string[] = [];
        for await (const c of seller.chats.listWithUnread({ unreadOnly: true })) after.push(c.id);
        expect(after).not.toContain(chat.id);
      },
    );

    it.runIf(lacking)(
      "has no unread counts where the store lacks /v3/chat/list: the method is gone, once asked",
      async () => {
        const before = hitsOf(sandbox, "POST /v3/chat/list");
        const error = await collect(seller.chats.listWithUnread({ unreadOnly: true })).catch(
          (e: unknown) => e,
        );
        expect(isRetiredMethodError(error) && error.status).toBe(lacking);
        expect(hitsOf(sandbox, "POST /v3/chat/list")).toBe(before + 1);
      },
    );

    it("starts the chat of a posting", async () => {
      const postingNumber = sandbox.control.postings()[0]?.postingNumber ?? "";
      const chatId = await seller.chats.start(postingNumber);
      expect(sandbox.control.chat(chatId)?.postingNumber).toBe(postingNumber);
    });
  });

  describe("performance", () => {
    it("lists campaigns with string ids and bigint budgets", async () => {
      const campaigns = await perf.campaigns.list();
      const snapshots = sandbox.control.campaigns();
      expect(campaigns.map((c) => [c.id, c.dailyBudget, c.state])).toEqual(
        snapshots.map((s) => [String(s.id), BigInt(s.dailyBudget), s.state]),
      );
    });

    it("activates, deactivates, sets the period and the daily budget", async () => {
      const campaign = sandbox.control
        .campaigns()
        .find((c) => c.state !== "CAMPAIGN_STATE_ARCHIVED" && !c.state.includes("MODERATION"));
      const id = String(campaign?.id);
      await perf.campaigns.deactivate(id);
      expect(sandbox.control.campaign(id)?.state).toBe("CAMPAIGN_STATE_INACTIVE");
      await perf.campaigns.setPeriod(id, "2026-12-01", "2026-12-31");
      expect(sandbox.control.campaign(id)).toMatchObject({
        fromDate: "2026-12-01",
        toDate: "2026-12-31",
      });
      await perf.campaigns.setPeriod(id, "", "");
      await perf.campaigns.activate(id);
      expect(sandbox.control.campaign(id)?.state).toBe("CAMPAIGN_STATE_RUNNING");
      await perf.campaigns.setDailyBudget(id, 350_500_000n);
      expect(sandbox.control.campaign(id)?.dailyBudget).toBe("350500000");
      await perf.campaigns.setDailyBudget(id, 500_000_000n);
      expect(sandbox.control.campaign(id)?.dailyBudget).toBe("500000000");
    });

    it("lists advertised objects", async () => {
      const campaign = sandbox.control.campaigns().find((c) => c.objects.length > 0);
      await expect(perf.campaigns.objects(String(campaign?.id))).resolves.toEqual(
        campaign?.objects,
      );
    });

    const period = () => {
      const to = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      return { dateFrom: from, dateTo: to };
    };

    // The sandbox moves a job one state per reportStepMs.
    const finished = (uuid: string) =>
      waitFor(
        async () => {
          const status = await perf.statistics.status(uuid);
          return (status.state === "OK" || status.state === "ERROR") && status;
        },
        { timeoutMs: 10_000, intervalMs: 20, message: `report ${uuid}`, rethrow: true },
      );

    it("orders a one-campaign report and downloads it as CSV", async () => {
      const id = String(sandbox.control.campaigns()[0]?.id);
      const uuid = await perf.statistics.submit({
        kind: "campaigns",
        campaigns: [id],
        ...period(),
        groupBy: "DATE",
      });
      const status = await finished(uuid);
      expect(status).toMatchObject({ uuid, state: "OK", error: undefined });
      expect(status.link).toContain(uuid);
      const report = await perf.statistics.download(uuid);
      expect(report.format).toBe("csv");
      const text = Buffer.from(report.bytes).toString("utf8");
      expect(text.startsWith("\uFEFF;")).toBe(true);
      expect(text).toContain("Всего");
    });

    it("orders a several-campaign report and downloads it as ZIP", async () => {
      const ids = sandbox.control
        .campaigns()
        .slice(0, 2)
        .map((c) => String(c.id));
      const uuid = await perf.statistics.submit({ kind: "campaigns", campaigns: ids, ...period() });
      await finished(uuid);
      const report = await perf.statistics.download(uuid);
      expect(report.format).toBe("zip");
      expect(Object.keys(unzipSync(report.bytes)).sort()).toEqual(
        ids.map((id) => `${id}.csv`).sort(),
      );
    });

    it("orders phrase and attribution reports", async () => {
      const campaign = sandbox.control.campaigns().find((c) => c.objects.length > 0);
      const id = String(campaign?.id);
      const phrases = await perf.statistics.submit({
        kind: "phrases",
        campaigns: [id],
        objects: campaign?.objects.slice(0, 1) ?? [],
        ...period(),
      });
      expect((await finished(phrases)).state).toBe("OK");
      const attribution = await perf.statistics.submit({
        kind: "attribution",
        campaigns: [id],
        attributionDays: 7,
        ...period(),
      });
      expect((await finished(attribution)).state).toBe("OK");
      expect((await perf.statistics.download(attribution)).format).toBe("csv");
    });

    it("reports a failed report and an unknown one", async () => {
      sandbox.control.failNextReport("next", "campaign statistics unavailable");
      const id = String(sandbox.control.campaigns()[0]?.id);
      const uuid = await perf.statistics.submit({
        kind: "campaigns",
        campaigns: [id],
        ...period(),
      });
      await expect(finished(uuid)).resolves.toMatchObject({
        state: "ERROR",
        error: "campaign statistics unavailable",
      });
      const missing = await perf.statistics
        .download("00000000-0000-0000-0000-000000000000")
        .catch((e: unknown) => e);
      expect(isOzonApiError(missing) && [missing.status, missing.apiMessage]).toEqual([
        404,
        "report not found",
      ]);
    });

    it("renews the token after the sandbox revokes it", async () => {
      const before = perf.tokenFetches();
      sandbox.control.expireTokens();
      await perf.campaigns.list();
      expect(perf.tokenFetches()).toBe(before + 1);
    });

    it("turns bad credentials into an auth error", async () => {
      const wrong = createPerformanceClient({
        baseUrl: sandbox.performanceUrl,
        clientId: sandbox.credentials.performanceClientId,
        clientSecret: "not-the-secret",
      });
      const error = await wrong.campaigns.list().catch((e: unknown) => e);
      await wrong.close();
      expect(isOzonAuthError(error)).toBe(true);
    });
  });

  it("asked today's methods, and fell back to the seed's forms exactly where the store lacked them, saying so once each", () => {
    const fellBack = [...seller.fellBackToSeed(), ...perf.fellBackToSeed()].sort();
    if (lacking === false) {
      expect(fellBack).toEqual([]);
      expect(lines.filter((l) => l.capability)).toEqual([]);
      for (const seed of SEEDS) expect(hitsOf(sandbox, seed), seed).toBe(0);
      for (const today of Object.keys(TODAYS)) {
        expect(hitsOf(sandbox, today), today).toBeGreaterThan(0);
      }
      return;
    }
    expect(fellBack).toEqual(Object.values(TODAYS).flat().sort());
    for (const capability of fellBack) {
      expect(
        lines.filter((l) => l.capability === capability),
        capability,
      ).toEqual([expect.objectContaining({ status: lacking })]);
    }
    for (const [today, capabilities] of Object.entries(TODAYS)) {
      // Each capability asked today's method once, then kept to the seed's form (the chat list
      // once more by listWithUnread, which has no seed form to fall back to).
      const extra = today === "POST /v3/chat/list" ? 1 : 0;
      expect(hitsOf(sandbox, today), today).toBe(capabilities.length + extra);
    }
    for (const seed of SEEDS) expect(hitsOf(sandbox, seed), seed).toBeGreaterThan(0);
  });
});

describe("the sandbox's faults against the clients", () => {
  let sandbox: Sandbox;
  let seller: SellerClient;
  let clock: ManualClock;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 7 });
    clock = ManualClock.instant(Date.now());
    seller = createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: sandbox.credentials.sellerClientId,
      apiKey: sandbox.credentials.sellerApiKey,
      clock,
      random: () => 0.5,
      // Only retry delays should reach the clock here.
      limiter: null,
    });
  });
  afterAll(async () => {
    await seller.close();
    await sandbox.close();
  });

  it("repeats a read after a 5xx", async () => {
    sandbox.resetCounters();
    sandbox.control.setFault("POST /v2/warehouse/list", { rate5xx: 1, status5xx: 503, times: 1 });
    await expect(seller.warehouses.list()).resolves.not.toHaveLength(0);
    expect(sandbox.counters()["POST /v2/warehouse/list"]).toBe(2);
  });

  it("never repeats a message send after a 5xx", async () => {
    sandbox.resetCounters();
    const chat = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    sandbox.control.setFault("POST /v1/chat/send/message", { rate5xx: 1, times: 1 });
    const error = await seller.chats
      .sendMessage(chat?.id ?? "", "Добрый день")
      .catch((e: unknown) => e);
    expect(isOzonApiError(error) && error.status).toBe(500);
    expect(sandbox.counters()["POST /v1/chat/send/message"]).toBe(1);
  });

  it("waits out a 429 for as long as Retry-After says, even on an unsafe POST", async () => {
    sandbox.resetCounters();
    clock.sleeps.length = 0;
    const chat = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    sandbox.control.setFault("POST /v1/chat/send/message", {
      rate429: 1,
      retryAfterSeconds: 3,
      times: 2,
    });
    await seller.chats.sendMessage(chat?.id ?? "", "Добрый день");
    expect(clock.sleeps).toEqual([3000, 3000]);
    expect(sandbox.counters()["POST /v1/chat/send/message"]).toBe(3);
  });

  it("names the field of a malformed answer", async () => {
    // The list a test before read is kept for a minute (Ozon allows it once a minute).
    await clock.sleep(60_000);
    sandbox.control.setFault("POST /v2/warehouse/list", {
      malformed: true,
      malformedKind: "wrong-shape",
      times: 1,
    });
    const wrongShape = (await seller.warehouses.list().catch((e: unknown) => e)) as OzonShapeError;
    expect(isOzonShapeError(wrongShape)).toBe(true);
    expect(wrongShape.field).toBe("warehouses");
    sandbox.control.setFault("POST /v2/warehouse/list", { malformed: true, times: 1 });
    const cut = (await seller.warehouses.list().catch((e: unknown) => e)) as OzonShapeError;
    expect(cut.problems).toEqual(["body: not valid JSON"]);
  });

  it("turns a bad API key into an auth error", async () => {
    const wrong = createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: sandbox.credentials.sellerClientId,
      apiKey: "wrong-api-key",
      limiter: null,
    });
    const error = await wrong.warehouses.list().catch((e: unknown) => e);
    await wrong.close();
    expect(isOzonAuthError(error)).toBe(true);
    expect(String(error)).not.toContain("wrong-api-key");
  });
});
