/**
 * Report jobs written by the single-shop version (unprefixed keys, the account of the one
 * Performance client, no shop in the job) after an upgrade to several shops: the first shop's
 * runner delivers them, and their old Retry buttons (no shop ref) still work.
 */
import { afterEach, describe, expect, it } from "vitest";
import { REPORT_RETRY_BUTTON } from "../../../src/bot/ads/buttons.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { SANDBOX_CREDENTIALS } from "../../../src/config.ts";
import { presetPeriod, ReportJobs } from "../../../src/services/ads/index.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { callback } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { closeWorlds, MANAGER, progressTexts, startWorld } from "./world.ts";

afterEach(closeWorlds);

const ZONE = "Europe/Moscow";
const NORTH = "sandbox-client";

/** A job as the single-shop version enqueued it: its ReportJobs knew no shop. */
async function oldJob(store: Store, campaign: string) {
  const jobs = new ReportJobs({
    store,
    account: SANDBOX_CREDENTIALS.performanceClientId,
    zone: ZONE,
  });
  const job = await jobs.enqueue({
    requestedBy: { chatId: MANAGER.id, userId: MANAGER.id, locale: "ru" },
    campaigns: [{ id: campaign, title: "Кроссовки и ботинки — поиск" }],
    period: presetPeriod("last_7_days", { now: Date.now(), zone: ZONE }),
    kind: "campaigns",
  });
  expect(job).not.toHaveProperty("shop");
  return job;
}

describe("report jobs of the single-shop version", () => {
  it("are delivered by the first shop's runner, named by that shop", async () => {
    const store = new MemoryStore();
    // The shoes campaign of sandbox store 1 (the same seed as the single-store sandbox).
    const old = await oldJob(store, "16981341");
    const w = await startWorld({ stores: 2, store });
    await w.start();
    const stored = await waitFor(
      async () => {
        const job = await w.module.accountOf(NORTH)?.jobs.get(old.id);
        return job?.state === "delivered" && job;
      },
      { timeoutMs: 10_000, message: "the old job delivered" },
    );
    expect(stored.shop).toBe(NORTH);
    const [document] = w.fake.callsTo("sendDocument").filter((c) => c.response?.ok);
    expect(document?.files[0]?.fileName).toMatch(/^ozon-ads_Северный_16981341_/);
    expect(String(document?.payload.caption)).toMatch(/^🏬 Северный\n/);
    // Still under its old key: nothing was moved.
    expect(await store.get(`report-job:${old.id}`)).toMatchObject({ state: "delivered" });
  });

  it("an old Retry button without a shop ref orders the report again in the first shop", async () => {
    const store = new MemoryStore();
    const old = await oldJob(store, "16981341");
    await store.set(`report-job:${old.id}`, {
      ...old,
      state: "failed",
      failure: { code: "gave_up", message: "Ozon did not answer" },
      failureNotified: true,
    });
    const w = await startWorld({ stores: 2, store, module: { runLoop: false } });
    await w.start();
    const data = createCallbackCodec(w.fake.token).encode(REPORT_RETRY_BUTTON.kind, old.id);
    await w.send(callback(data, { from: MANAGER }));

    const jobs = (await w.module.accountOf(NORTH)?.jobs.repository.all()) ?? [];
    expect(jobs.map((j) => [j.state, j.shop ?? null])).toEqual([
      ["failed", null],
      ["queued", NORTH],
    ]);
    const shown = w.fake.callsTo("editMessageText").at(-1);
    expect(progressTexts(w, MANAGER.id, Number(shown?.payload.message_id)).at(-1)).toContain(
      "Отчёт формируется",
    );
  });
});
