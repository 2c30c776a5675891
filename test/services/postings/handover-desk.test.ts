/**
 * Two processes resume the same saved act (each process resumes every job): its documents, and
 * the "still preparing" sentence, are sent once.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SellerClient } from "../../../src/ozon/index.ts";
import {
  HANDOVER_JOB_PREFIX,
  type HandoverDelivery,
  HandoverDesk,
  type HandoverJob,
} from "../../../src/services/postings/handover.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { waitFor } from "../../support/wait.ts";

const desks: HandoverDesk[] = [];
afterEach(async () => {
  for (const desk of desks.splice(0)) await desk.stop();
});

const PDF = new TextEncoder().encode("%PDF-1.4 act");

function fakeSeller(ready: () => boolean): SellerClient {
  return {
    shipping: {
      actState: async () => ({
        status: ready() ? "ready" : "in_process",
        error: undefined,
        added: ["1-1-1"],
        removed: [],
      }),
      actPdf: async () => PDF,
      actContainerLabels: async () => PDF,
    },
    postings: { get: async () => undefined },
  } as unknown as SellerClient;
}

function recorder(said: string[]): HandoverDelivery {
  return {
    progress: async () => undefined,
    slow: async (job) => {
      said.push(`slow:${job.actId}`);
    },
    ready: async (job) => {
      said.push(`ready:${job.actId}`);
    },
    failed: async (job) => {
      said.push(`failed:${job.actId}`);
    },
    undelivered: async (job) => {
      said.push(`undelivered:${job.actId}`);
    },
  };
}

const job = (createdAt: number): HandoverJob => ({
  actId: "777",
  chatId: 42,
  messageId: undefined,
  locale: "ru",
  containers: 0,
  method: "Курьер",
  createdAt,
  polls: 0,
  toldSlow: false,
});

describe("HandoverDesk in two processes", () => {
  it("sends an act's documents and its slow notice once, whichever process gets there", async () => {
    const store = new MemoryStore();
    let ready = false;
    const said: string[] = [];
    // Created long ago: the "still preparing" sentence is due at the first poll.
    await store.set(`${HANDOVER_JOB_PREFIX}777`, job(Date.now() - 10 * 60_000));
    for (let i = 0; i < 2; i++) {
      const desk = new HandoverDesk({
        seller: () => fakeSeller(() => ready),
        store,
        delivery: recorder(said),
        pollMs: 5,
      });
      desks.push(desk);
      await desk.resume();
    }
    await waitFor(() => said.includes("slow:777"), { message: "the slow notice" });
    ready = true;
    await waitFor(() => desks.every((d) => d.busy === 0), { message: "both desks done" });
    expect(said.sort()).toEqual(["ready:777", "slow:777"]);
    expect(await store.get(`${HANDOVER_JOB_PREFIX}777`)).toBeUndefined();
  });
});
