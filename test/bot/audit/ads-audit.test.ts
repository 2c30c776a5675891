/**
 * Pause/resume, budget, bid and period write exactly one record each with the person, the
 * campaign and the result — Ozon's refusal in its words — and the campaign card's 🕘 History
 * shows them to its manager.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import {
  closeWorlds,
  MANAGER,
  say,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "../ads/world.ts";

afterEach(closeWorlds);

const RUNNING = "Кроссовки и ботинки — поиск";
const WEEKLY = "Одежда весна-лето";
const MANUAL = "Кроссовки и ботинки — поиск";

const trailOf = (w: World) => new AuditTrail({ store: w.store, keepDays: 180 });
const admin = { admin: true };

function campaignId(w: World, title: string): string {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found.id;
}

describe("audit records of the advertising changes", () => {
  it("pause and resume: one record each, then the card's History lists them", async () => {
    const w = await startWorld();
    const id = campaignId(w, RUNNING);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    await tap(w, MANAGER, "⏸ Приостановить"); // one tap on the card acts
    await tap(w, MANAGER, "▶️ Запустить");
    const entries = await trailOf(w).latest({ object: { type: "campaign", id } }, admin);
    expect(entries.map((e) => [e.kind, e.via, e.from, e.to, e.actor.id, e.result.status])).toEqual([
      [
        "campaign-state",
        "resume",
        "CAMPAIGN_STATE_INACTIVE",
        "CAMPAIGN_STATE_RUNNING",
        MANAGER.id,
        "done",
      ],
      [
        "campaign-state",
        "pause",
        "CAMPAIGN_STATE_RUNNING",
        "CAMPAIGN_STATE_INACTIVE",
        MANAGER.id,
        "done",
      ],
    ]);
    await tap(w, MANAGER, "🕘 История");
    const history = screenText(w, MANAGER.id);
    expect(history).toContain(`🕘 История кампании ${id}`);
    expect(history).toContain("⏯ Запуск/пауза");
    expect(history).toContain("CAMPAIGN_STATE_RUNNING → CAMPAIGN_STATE_INACTIVE");
    expect(history).toContain("Marina");
    expect(history.match(/✅ выполнено/g)).toHaveLength(2);
  });

  it("a weekly budget: one record with old → new as Ozon reads it back", async () => {
    const w = await startWorld();
    const id = campaignId(w, WEEKLY);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Одежда весна-лето/);
    await tap(w, MANAGER, "💰 Бюджет");
    await say(w, MANAGER, "6300");
    await tap(w, MANAGER, "Изменить");
    const entries = await trailOf(w).latest({ kind: "budget" }, admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      objectId: id,
      via: "weekly",
      actor: { id: MANAGER.id },
      result: { status: "done" },
    });
    expect(entries[0]?.from).toMatch(/^4\s?900/);
    expect(entries[0]?.to).toMatch(/^6\s?300/);
  });

  it("a bid Ozon refuses, then one it takes: a refused record with its words, then a done one", async () => {
    const w = await startWorld({ env: { BID_MIN_ROUBLES: "1", BID_MAX_ROUBLES: "100" } });
    const id = campaignId(w, MANUAL);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    await tap(w, MANAGER, "🎯 Ставки");
    await tap(w, MANAGER, / · SKU \d+ · /); // the first product
    await say(w, MANAGER, "2");
    await tap(w, MANAGER, "✅ Изменить");
    await say(w, MANAGER, "15,50");
    await tap(w, MANAGER, "✅ Изменить");
    const entries = await trailOf(w).latest({ kind: "bid" }, admin);
    expect(entries.map((e) => [e.objectId, e.result.status])).toEqual([
      [id, "done"],
      [id, "refused"],
    ]);
    expect(entries[1]?.result).toMatchObject({
      words: expect.stringContaining("bid must be at least"),
    });
    expect(entries[0]?.to).toMatch(/^15,50/);
    expect(entries[0]?.via).toMatch(/^sku \d+$/);
  });

  it("a period: one record, the dates before and after", async () => {
    const w = await startWorld();
    const id = campaignId(w, WEEKLY);
    const before = w.sandbox.control.campaign(id);
    // The campaign runs from 40 days ago for 90 days: both dates are there before.
    expect(before?.fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(before?.toDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Одежда весна-лето/);
    await tap(w, MANAGER, "📅 Период");
    await tap(w, MANAGER, "♾ Без срока");
    await tap(w, MANAGER, "✅ Изменить");
    expect(w.sandbox.control.campaign(id)).toMatchObject({ fromDate: "", toDate: "" });
    const entries = await trailOf(w).latest({ kind: "campaign-period" }, admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      objectId: id,
      from: `${before?.fromDate}–${before?.toDate}`,
      to: "–",
      result: { status: "done" },
    });
  });
});
