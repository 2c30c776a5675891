/**
 * A report in one tap (issue 27): /report offers the person's last report again ("⚡ as last
 * time", its period counted from today), a campaign's card offers ⚡ periods of that campaign;
 * a report of typed dates is not remembered, and the memory of another shape is no preset.
 */
import { afterEach, describe, expect, it } from "vitest";
import { presetPeriod, ReportPresets } from "../../../../src/services/ads/index.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { buttonsOf } from "../../harness.ts";
import {
  closeWorlds,
  jobsOf,
  MANAGER,
  MANAGER_EN,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const ZONE = "Europe/Moscow";
const RUNNING = "Кроссовки и ботинки — поиск";

function idOf(w: World, title: string): string {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return String(found.id);
}

const labels = (w: World, userId: number) => buttonsOf(screen(w, userId)).map((b) => b.text);

describe("a report in one tap", () => {
  it("/report offers the last report again; one tap orders it over the same preset up to today", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    const id = idOf(w, RUNNING);
    await slash(w, MANAGER, "report");
    expect(labels(w, MANAGER.id).some((l) => l.startsWith("⚡"))).toBe(false); // nothing yet
    await tap(w, MANAGER, /^Кроссовки/);
    await tap(w, MANAGER, "Последние 30 дней");
    await tap(w, MANAGER, "По неделям");
    await tap(w, MANAGER, /XLSX$/);
    await tap(w, MANAGER, "Сформировать");

    await slash(w, MANAGER, "report");
    const again = "⚡ Как в прошлый раз: «Кроссовки и ботинки…» · 30 дней · по неделям";
    expect(labels(w, MANAGER.id)[0]).toBe(again);
    await tap(w, MANAGER, again);
    expect(screenText(w, MANAGER.id)).toContain("Отчёт формируется");
    const jobs = await jobsOf(w);
    expect(jobs).toHaveLength(2);
    const clock = { now: Date.now(), zone: ZONE };
    expect(jobs[1]).toMatchObject({
      kind: "campaigns",
      campaigns: [{ id, title: RUNNING }],
      groupBy: "START_OF_WEEK",
      format: "xlsx",
      period: presetPeriod("last_30_days", clock),
      requestedBy: { userId: MANAGER.id },
    });

    // Another person has a memory of their own: none.
    await slash(w, MANAGER_EN, "report");
    expect(labels(w, MANAGER_EN.id).some((l) => l.startsWith("⚡"))).toBe(false);
  });

  it("in English; a report of typed dates leaves the memory as it was", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await slash(w, MANAGER_EN, "report");
    await tap(w, MANAGER_EN, /^Кроссовки/);
    await tap(w, MANAGER_EN, /^Yesterday$/);
    await tap(w, MANAGER_EN, "Create");
    const again = '⚡ As last time: "Кроссовки и ботинки…" · yesterday · by day';

    await slash(w, MANAGER_EN, "report");
    await tap(w, MANAGER_EN, /^Баннер/);
    await tap(w, MANAGER_EN, "📅 Other dates"); // from the summary: typed dates
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const dotted = (iso: string) => iso.split("-").reverse().join(".");
    await say(w, MANAGER_EN, `${dotted(from)}-${dotted(to)}`);
    await tap(w, MANAGER_EN, "By day");
    await tap(w, MANAGER_EN, "Create");
    expect(await jobsOf(w)).toHaveLength(2);

    await slash(w, MANAGER_EN, "report");
    expect(labels(w, MANAGER_EN.id)[0]).toBe(again);
  });

  it("a campaign's card orders its report over ⚡ 7 days in one tap", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    const id = idOf(w, RUNNING);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    expect(labels(w, MANAGER.id)).toEqual(expect.arrayContaining(["⚡ Вчера", "⚡ 7 дней"]));
    await tap(w, MANAGER, "⚡ 7 дней");
    expect(screenText(w, MANAGER.id)).toContain("Отчёт формируется");
    const [job] = await jobsOf(w);
    expect(job).toMatchObject({
      kind: "campaigns",
      campaigns: [{ id }],
      groupBy: "DATE",
      period: presetPeriod("last_7_days", { now: Date.now(), zone: ZONE }),
    });
    // That report is the manager's last one now.
    await slash(w, MANAGER, "report");
    expect(labels(w, MANAGER.id)[0]).toMatch(
      /^⚡ Как в прошлый раз: «Кроссовки и ботинки…» · 7 дней/,
    );
  });

  it("the kind is asked only of someone who used another kind; anyone switches it on the summary", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, /^Кроссовки/);
    // No kind asked: the summary at once, of campaign statistics over the last 7 days.
    expect(screenText(w, MANAGER.id)).toContain("Сформировать отчёт?");
    await tap(w, MANAGER, "Последние 7 дней");
    await tap(w, MANAGER, "Другой вид отчёта");
    await tap(w, MANAGER, "Атрибуция заказов");
    await tap(w, MANAGER, /^7 дн\.$/);
    expect(screenText(w, MANAGER.id)).toContain("Окно атрибуции: 7 дн.");
    await tap(w, MANAGER, "Сформировать");
    expect((await jobsOf(w))[0]).toMatchObject({ kind: "attribution", attributionDays: 7 });

    // Having used another kind, the kind is asked from now on.
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, /^Кроссовки/);
    expect(screenText(w, MANAGER.id)).toContain("Какой отчёт нужен?");
    // Another person is not asked.
    await slash(w, MANAGER_EN, "report");
    await tap(w, MANAGER_EN, /^Кроссовки/);
    expect(screenText(w, MANAGER_EN.id)).toContain("Create the report?");
  });

  it("a remembered report of another shape is no preset", async () => {
    const store = new MemoryStore();
    const presets = new ReportPresets(store);
    await store.set(`ads:last-report:${MANAGER.id}`, { shop: "s", campaigns: [{ id: "1; drop" }] });
    expect(await presets.last(MANAGER.id)).toBeUndefined();
    const good = {
      shop: "s",
      campaigns: [{ id: "123" }],
      kind: "campaigns" as const,
      preset: "yesterday" as const,
      groupBy: "DATE" as const,
      format: "csv" as const,
    };
    await presets.remember(MANAGER.id, good);
    expect(await presets.last(MANAGER.id)).toEqual(good);
  });
});
