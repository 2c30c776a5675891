/**
 * Two processes resume the same saved label batch (each process resumes every job), with Ozon's
 * label tasks in the sandbox over HTTP: the "still preparing" sentence and the PDF go once, and
 * the batch's tap is released when it is over.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import {
  LABEL_JOB_PREFIX,
  type LabelDelivery,
  LabelDesk,
  type LabelJob,
} from "../../../src/services/postings/label-desk.ts";
import { createLabelTasks } from "../../../src/services/postings/labels.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { waitFor } from "../../support/wait.ts";

let sandbox: Sandbox;
let seller: SellerClient;
const desks: LabelDesk[] = [];
afterEach(async () => {
  for (const desk of desks.splice(0)) await desk.stop();
  await seller.close();
  await sandbox.close();
});

function recorder(said: string[]): LabelDelivery {
  return {
    progress: async () => undefined,
    slow: async (job) => void said.push(`slow:${job.id}`),
    ready: async (job, batch) => void said.push(`ready:${job.id}:${batch.printed}`),
    failed: async (job, reason) => void said.push(`failed:${job.id}:${reason}`),
    undelivered: async (job) => void said.push(`undelivered:${job.id}`),
  };
}

describe("LabelDesk in two processes", () => {
  it("sends a batch's PDF and its slow notice once, whichever process gets there", async () => {
    sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0 });
    seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
    const numbers = Array.from(
      { length: 130 },
      () => sandbox.control.addPosting({ status: "awaiting_deliver" }).postingNumber,
    );
    const ozon = sandbox.stores[0]?.shipping;
    if (!ozon) throw new Error("no sandbox store");
    ozon.labelPollsBeforeReady = 1_000_000;
    const store = new MemoryStore();
    await store.set("tap", true);
    const job: LabelJob = {
      id: "b1",
      chatId: 42,
      messageId: undefined,
      locale: "ru",
      postings: numbers.length,
      tasks: await createLabelTasks(seller.shipping, numbers),
      // Asked long ago: the "still preparing" sentence is due at the first poll.
      createdAt: Date.now() - 10 * 60_000,
      polls: 0,
      toldSlow: false,
      onceKey: "tap",
    };
    expect(job.tasks).toHaveLength(2);
    await store.set(`${LABEL_JOB_PREFIX}b1`, job);
    const said: string[] = [];
    for (let i = 0; i < 2; i++) {
      const desk = new LabelDesk({
        seller: () => seller,
        store,
        delivery: recorder(said),
        pollMs: 5,
      });
      desks.push(desk);
      await desk.resume();
    }
    await waitFor(() => said.includes("slow:b1"), { message: "the slow notice" });
    ozon.labelPollsBeforeReady = 0;
    await waitFor(() => desks.every((d) => d.busy === 0), { message: "both desks done" });
    expect(said.sort()).toEqual(["ready:b1:130", "slow:b1"]);
    expect(await store.get(`${LABEL_JOB_PREFIX}b1`)).toBeUndefined();
    expect(await store.get("tap")).toBeUndefined();
  });
});
