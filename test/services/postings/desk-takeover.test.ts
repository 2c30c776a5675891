/**
 * Two processes on one Redis follow the same label batch (Ozon's tasks in the sandbox over HTTP),
 * on a manual clock: the first claims the delivery, sends the PDF's first part and freezes (a
 * stopped or dying process); the second keeps following, waits out the claim, takes it over and
 * sends only the second part; the first, when it wakes, sends nothing: each part arrives once.
 */
import { afterAll, afterEach, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { DeliveryLedger } from "../../../src/services/postings/job-desk.ts";
import {
  LABEL_JOB_PREFIX,
  type LabelDelivery,
  LabelDesk,
  type LabelJob,
} from "../../../src/services/postings/label-desk.ts";
import { createLabelTasks, type LabelBatch } from "../../../src/services/postings/labels.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { waitFor } from "../../support/wait.ts";

const redis = await redisAvailability();
const CLAIM_HOLD_MS = 5 * 60_000;
const POLL_MS = 1_000;

redis.describe("a label batch's delivery across processes (Redis)", () => {
  const prefix = uniquePrefix("desk-takeover");
  let sandbox: Sandbox;
  let seller: SellerClient;
  const desks: LabelDesk[] = [];
  const stores: RedisStore[] = [];
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.stop();
    for (const store of stores.splice(0)) await store.close();
    await seller.close();
    await sandbox.close();
  });
  afterAll(() => removeKeys(redis.url, prefix));

  /** A delivery that records what reached the chat, each through the desk's ledger. */
  function delivery(name: string, sent: string[], before?: () => Promise<void>): LabelDelivery {
    return {
      progress: async () => undefined,
      slow: async () => undefined,
      failed: async (job, reason) => void sent.push(`${name} failed:${job.id}:${reason}`),
      undelivered: async (job) => void sent.push(`${name} undelivered:${job.id}`),
      // The PDF in two parts; `before` holds the delivery between them.
      async ready(_job: LabelJob, batch: LabelBatch, ledger: DeliveryLedger) {
        await ledger.once("labels#1", async () => sent.push(`${name}:1 of ${batch.printed}`));
        await before?.();
        await ledger.once("labels#2", async () => sent.push(`${name}:2 of ${batch.printed}`));
      },
    };
  }

  it("takes over a lapsed claim from a frozen holder and sends each part once", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const numbers = Array.from(
      { length: 3 },
      () => sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber,
    );
    const ozon = sandbox.stores[0]?.shipping;
    if (!ozon) throw new Error("no sandbox store");
    ozon.labelPollsBeforeReady = 0;
    const clock = new ManualClock();
    const open = async () => {
      const store = await RedisStore.open({ url: redis.url, prefix });
      stores.push(store);
      return store;
    };
    const [first, second] = [await open(), await open()];
    const job: LabelJob = {
      id: "b7",
      chatId: 42,
      messageId: undefined,
      locale: "ru",
      postings: numbers.length,
      tasks: await createLabelTasks(seller.shipping, numbers),
      createdAt: clock.now(),
      polls: 0,
      toldSlow: false,
    };
    await first.set(`${LABEL_JOB_PREFIX}b7`, job);
    const sent: string[] = [];
    let frozen = false;
    let thaw: () => void = () => {};
    const thawed = new Promise<void>((resolve) => (thaw = resolve));
    const make = (store: RedisStore, labelDelivery: LabelDelivery) => {
      const desk = new LabelDesk({
        seller: () => seller,
        store,
        delivery: labelDelivery,
        pollMs: POLL_MS,
        clock,
        claimHoldMs: CLAIM_HOLD_MS,
      });
      desks.push(desk);
      return desk;
    };
    const holder = make(
      first,
      delivery("first", sent, async () => {
        frozen = true;
        await thawed;
      }),
    );
    await holder.resume();
    await waitFor(() => frozen, { message: "the first process holding the claim" });

    const successor = make(second, delivery("second", sent));
    await successor.resume();
    // It follows the job: Ozon is done, but the claim is held, so it waits on the clock.
    await waitFor(() => clock.sleeping === 1, { message: "the second process waiting" });
    await clock.advance(CLAIM_HOLD_MS - 60_000);
    await waitFor(() => clock.sleeping === 1, { message: "the second process still waiting" });
    expect(sent).toEqual(["first:1 of 3"]);

    await clock.advance(2 * 60_000);
    await waitFor(() => sent.length > 1, { message: "the rest sent by the second process" });
    await waitFor(() => successor.busy === 0, { message: "the second process done" });
    expect(await second.get(`${LABEL_JOB_PREFIX}b7`)).toBeUndefined();

    // The first process wakes: its claim was taken over, so it sends nothing.
    thaw();
    await waitFor(() => holder.busy === 0, { message: "the first process done" });
    expect(sent).toEqual(["first:1 of 3", "second:2 of 3"]);
  });
});
