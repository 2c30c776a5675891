/**
 * /report end to end: the dialog over the fake Bot API, the report job in the store, the runner
 * against the sandbox over HTTP, and the file delivered as a Telegram document.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { User } from "grammy/types";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { dayText } from "../../../../src/bot/core/numbers.ts";
import {
  formatReportSummary,
  presetPeriod,
  type ReportPeriod,
  summarizeReport,
} from "../../../../src/services/ads/index.ts";
import { SqliteStore } from "../../../../src/store/sqlite.ts";
import { driveUntil } from "../../../services/ads/support.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { savedByOlderCode } from "../../../support/older-dialog.ts";
import { callback } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { buttonsOf, findButton, press, sentMessage } from "../../harness.ts";
import {
  alerts,
  closeWorlds,
  jobsOf,
  labels,
  MANAGER,
  MANAGER_EN,
  performanceCalls,
  progressEdits,
  progressTexts,
  STRANGER,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  WAREHOUSE,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const ZONE = "Europe/Moscow";
const lastWeek = (): ReportPeriod => presetPeriod("last_7_days", { now: Date.now(), zone: ZONE });

function idOf(w: World, titleStart: string): string {
  const found = w.sandbox.control.campaigns().find((c) => c.title.startsWith(titleStart));
  if (!found) throw new Error(`no campaign ${titleStart}`);
  return String(found.id);
}

interface Order {
  campaigns: string[];
  period?: string;
  grouping?: string;
}

/** Texts of the progress message from "ordered" on (before that it was the dialog's screen). */
function progressOf(w: World, chatId: number, messageId: number): string[] {
  const texts = progressTexts(w, chatId, messageId).map((text) => text.split("\n")[0] ?? "");
  return texts.slice(texts.indexOf("⏳ Отчёт формируется: отправляю запрос в Ozon…"));
}

/** Goes through the whole dialog; returns the progress message (the confirm screen, edited). */
async function orderReport(w: World, user: User, order: Order): Promise<RecordedCall> {
  await slash(w, user, "report");
  // One campaign goes straight on; several are toggled after "More campaigns", then Done.
  if (order.campaigns.length === 1) await tap(w, user, order.campaigns[0] ?? "");
  else {
    await tap(w, user, "➕ Несколько кампаний");
    for (const label of order.campaigns) await tap(w, user, label);
    await tap(w, user, /^Готово/);
  }
  // Campaign statistics unless the person used another kind (then asked).
  await tap(w, user, order.period ?? "Последние 7 дней");
  if (order.grouping) await tap(w, user, order.grouping); // by day unless changed here
  expect(screenText(w, user.id)).toContain("Сформировать отчёт?");
  await tap(w, user, "Сформировать");
  const progress = screen(w, user.id);
  expect(String(progress.payload.text)).toContain("Отчёт формируется");
  return progress;
}

const documentsTo = (w: World, chatId: number) =>
  w.fake
    .callsTo("sendDocument")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);

const waitForDocuments = (w: World, chatId: number, count: number) =>
  waitFor(
    () => {
      const documents = documentsTo(w, chatId);
      return documents.length >= count && documents;
    },
    { timeoutMs: 10_000, message: `${count} documents` },
  );

function expectSummaryOf(document: RecordedCall, format: "csv" | "zip") {
  const file = document.files[0];
  if (!file) throw new Error("no file uploaded");
  const summary = formatReportSummary(summarizeReport({ format, bytes: file.bytes }), "ru");
  expect(summary).toContain("Показы:");
  expect(summary).toContain("Расход:");
  expect(String(document.payload.caption)).toContain(summary);
  return file;
}

describe("/report", () => {
  it("one campaign: the progress message is edited, then a CSV with a meaningful name and a summary", async () => {
    const w = await startWorld();
    await w.start();
    const id = idOf(w, "Кроссовки");
    const progress = await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
    const [document] = await waitForDocuments(w, MANAGER.id, 1);
    if (!document) throw new Error("no document");
    const period = lastWeek();
    const file = expectSummaryOf(document, "csv");
    expect(file.fileName).toBe(`ozon-ads_${id}_${period.from}_${period.to}.csv`);
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(String(document.payload.caption)).toContain(
      "📊 Статистика кампаний · «Кроссовки и ботинки — поиск» · ",
    );

    // The upload action came before the file, and the progress message told each state.
    const action = w.fake
      .callsTo("sendChatAction")
      .find((c) => c.payload.action === "upload_document");
    expect(action && action.seq < document.seq).toBe(true);
    const messageId = Number(progress.payload.message_id);
    await w.fake.waitForCall("editMessageText", (c) =>
      String(c.payload.text).startsWith("✅ Отчёт отправлен"),
    );
    const shown = progressOf(w, MANAGER.id, messageId);
    expect(shown).toEqual([
      "⏳ Отчёт формируется: отправляю запрос в Ozon…",
      "⏳ Ozon готовит отчёт…",
      "📤 Отчёт готов, отправляю файл…",
      "✅ Отчёт отправлен.",
    ]);
    await waitFor(async () => (await jobsOf(w))[0]?.state === "delivered");
    expect((await jobsOf(w))[0]).toMatchObject({ groupBy: "DATE" });
  });

  it("several campaigns: a ZIP grouped by week, with the summary over all of them", async () => {
    const w = await startWorld();
    await w.start();
    const ids = [idOf(w, "Кроссовки"), idOf(w, "Баннер")];
    await orderReport(w, MANAGER, { campaigns: ["Кроссовки", "Баннер"], grouping: "По неделям" });
    const [document] = await waitForDocuments(w, MANAGER.id, 1);
    if (!document) throw new Error("no document");
    const period = lastWeek();
    const file = expectSummaryOf(document, "zip");
    expect(file.fileName).toBe(`ozon-ads_${ids.join("-")}_${period.from}_${period.to}.zip`);
    expect([...file.bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const job = await waitFor(async () => {
      const [stored] = await jobsOf(w);
      return stored?.state === "delivered" ? stored : undefined;
    });
    expect(job.groupBy).toBe("START_OF_WEEK");
    expect(job.campaigns.map((c) => c.id)).toEqual(ids);
  });

  it("three reports asked at once with concurrency 1: queued, edited, delivered in order, one token", async () => {
    const w = await startWorld({ module: { runLoop: false, maxSubmitted: 1 } });
    await w.start();
    const labels = ["Кроссовки", "Баннер", "Новинки"];
    const ids = labels.map((label) => idOf(w, label));
    const progress: RecordedCall[] = [];
    for (const label of labels)
      progress.push(await orderReport(w, MANAGER, { campaigns: [label] }));
    const runner = w.module.runner;
    const first = await runner.runOnce();
    expect(first).toMatchObject({ submitted: 1 });
    await driveUntil(
      async () => (await jobsOf(w)).every((job) => job.state === "delivered"),
      () => runner.runOnce(),
      { what: "three deliveries" },
    );

    const documents = documentsTo(w, MANAGER.id);
    expect(documents.map((d) => d.files[0]?.fileName.split("_")[1])).toEqual(ids);
    const third = progressOf(w, MANAGER.id, Number(progress[2]?.payload.message_id));
    expect(third).toEqual([
      "⏳ Отчёт формируется: отправляю запрос в Ozon…",
      "⏳ Отчёт в очереди: 2-й. Ozon готовит отчёты по одному.",
      "⏳ Отчёт в очереди: 1-й. Ozon готовит отчёты по одному.",
      "⏳ Ozon готовит отчёт…",
      "📤 Отчёт готов, отправляю файл…",
      "✅ Отчёт отправлен.",
    ]);
    // Never more than one report at Ozon at once: the sandbox never had to say 429.
    expect(w.sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    const calls = performanceCalls(w.sandbox);
    expect(calls).toMatchObject({ token: 1, submit: 3, download: 3 });
    expect(w.client.tokenFetches()).toBe(1);
  });

  it("a restart while Ozon prepares the report: the new process delivers it, once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ads-restart-"));
    try {
      const w = await startWorld({
        sandbox: { reportStepMs: 300 },
        module: { runLoop: false },
        store: await SqliteStore.open({ dataDir }),
        reopen: () => SqliteStore.open({ dataDir }),
      });
      await w.start();
      const progress = await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
      await w.module.runner.runOnce();
      const [submitted] = await jobsOf(w);
      expect(submitted).toMatchObject({ state: "submitted" });
      const uuid = submitted?.uuid as string;
      expect(w.sandbox.control.report(uuid)?.state).not.toBe("OK");

      await w.restart(); // the process goes away; a new one opens the same file
      const runner = w.module.runner;
      await driveUntil(
        async () => (await jobsOf(w))[0]?.state === "delivered",
        () => runner.runOnce(),
        { what: "delivery after the restart" },
      );
      for (let i = 0; i < 3; i++) await runner.runOnce();
      expect(documentsTo(w, MANAGER.id)).toHaveLength(1);
      expect(performanceCalls(w.sandbox).submit).toBe(1); // polled after the restart, not resubmitted
      const last = progressTexts(w, MANAGER.id, Number(progress.payload.message_id)).at(-1);
      expect(last).toContain("✅ Отчёт отправлен.");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a progress update that would change nothing: Telegram's 'message is not modified' keeps the message, no new one is sent", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    const progress = await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
    const [job] = await jobsOf(w);
    if (!job) throw new Error("no job");
    const ref = { chatId: MANAGER.id, messageId: Number(progress.payload.message_id) };
    expect(job.progressMessageRef).toEqual(ref);
    const preparing = { state: "submitted" } as const;
    expect(await w.module.notifier.progress(job, preparing)).toEqual(ref);
    expect(progressOf(w, MANAGER.id, ref.messageId).at(-1)).toContain("Ozon готовит отчёт");

    const since = w.fake.calls.length;
    expect(await w.module.notifier.progress(job, preparing)).toEqual(ref);
    const after = w.fake.calls.slice(since);
    expect(after.map((c) => c.method)).toEqual(["editMessageText"]);
    expect(after[0]?.response).toMatchObject({
      ok: false,
      description: expect.stringMatching(/message is not modified/),
    });
  });

  it("Ozon's ERROR and its text are told plainly on the progress message; no file", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    w.sandbox.control.failNextReport("next", "Превышен лимит строк отчёта");
    const progress = await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
    await driveUntil(
      async () => (await jobsOf(w))[0]?.failureNotified === true,
      () => w.module.runner.runOnce(),
    );
    const last = progressTexts(w, MANAGER.id, Number(progress.payload.message_id)).at(-1);
    expect(last).toContain("❌ Ozon не смог подготовить отчёт: Превышен лимит строк отчёта");
    expect(documentsTo(w, MANAGER.id)).toEqual([]);
  });

  it("a failed report offers Retry: the same report again, once, only for the person who ordered it", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    w.sandbox.control.failNextReport("next", "Превышен лимит строк отчёта");
    const progress = await orderReport(w, MANAGER, {
      campaigns: ["Кроссовки"],
      grouping: "По неделям",
    });
    const messageId = Number(progress.payload.message_id);
    await driveUntil(
      async () => (await jobsOf(w))[0]?.failureNotified === true,
      () => w.module.runner.runOnce(),
    );
    const failure = progressEdits(w, MANAGER.id, messageId).at(-1);
    if (!failure) throw new Error("no failure message");
    expect(String(failure.payload.text)).toContain("❌ Ozon не смог подготовить отчёт");
    const retry = findButton(failure, "🔁 Повторить").callback_data ?? "";
    expect(retry).toContain((await jobsOf(w))[0]?.id);
    const pressRetry = (from: User) =>
      w.send(callback(retry, { from, message: sentMessage(failure) }));

    // Another manager (in English) cannot retry someone else's report.
    let since = w.fake.calls.length;
    await pressRetry(MANAGER_EN);
    expect(alerts(w, since)).toEqual(["Only the person who ordered this report can retry it."]);
    expect(await jobsOf(w)).toHaveLength(1);

    // The owner's press orders the same report again; the failure message becomes its progress.
    await pressRetry(MANAGER);
    const [failed, again] = await jobsOf(w);
    expect(again).toMatchObject({
      state: "queued",
      campaigns: failed?.campaigns,
      period: failed?.period,
      kind: "campaigns",
      groupBy: "START_OF_WEEK",
      requestedBy: failed?.requestedBy,
      progressMessageRef: { chatId: MANAGER.id, messageId },
    });
    expect(progressTexts(w, MANAGER.id, messageId).at(-1)).toContain("⏳ Отчёт формируется");
    await driveUntil(
      async () => (await jobsOf(w))[1]?.state === "delivered",
      () => w.module.runner.runOnce(),
    );
    expect(documentsTo(w, MANAGER.id)).toHaveLength(1);
    expect(progressTexts(w, MANAGER.id, messageId).at(-1)).toContain("✅ Отчёт отправлен.");

    // The same button acts once.
    since = w.fake.calls.length;
    await pressRetry(MANAGER);
    expect(alerts(w, since)).toEqual(["Этот отчёт уже заказан повторно."]);
    expect(await jobsOf(w)).toHaveLength(2);
    expect(performanceCalls(w.sandbox).submit).toBe(2);
  });

  it("a report file larger than the bot takes: told plainly on the progress message, once; no file", async () => {
    const w = await startWorld({ maxReportBytes: 200, module: { runLoop: false } });
    await w.start();
    const progress = await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
    await driveUntil(
      async () => (await jobsOf(w))[0]?.failureNotified === true,
      () => w.module.runner.runOnce(),
    );
    for (let i = 0; i < 3; i++) await w.module.runner.runOnce();
    const texts = progressTexts(w, MANAGER.id, Number(progress.payload.message_id));
    expect(texts.at(-1)).toContain(
      "❌ Отчёт готов, но файл от Ozon больше, чем бот может принять, и повторный запрос этого не изменит.",
    );
    expect(texts.filter((text) => text.startsWith("❌"))).toHaveLength(1);
    expect(documentsTo(w, MANAGER.id)).toEqual([]);
    expect(performanceCalls(w.sandbox).download).toBe(1);
  });

  it("Telegram failing the upload once: the file is sent again and accepted exactly once", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
    // Not one auto-retry repeats (a 5xx would be): the runner itself tries again later.
    w.fake.failNext("sendDocument", { error_code: 400, description: "Bad Request: upload failed" });
    await driveUntil(
      async () => (await jobsOf(w))[0]?.state === "delivered",
      () => w.module.runner.runOnce(),
    );
    for (let i = 0; i < 3; i++) await w.module.runner.runOnce();
    const tries = w.fake.callsTo("sendDocument").map((c) => c.response?.ok);
    expect(tries).toEqual([false, true]);
    expect(performanceCalls(w.sandbox).submit).toBe(1);
  });

  it("429 on submit: the person sees Ozon is busy, and the report still arrives", async () => {
    // Ozon's clock stands still until the first round saw the slot taken: on a busy machine the
    // other report must not finish before the bot asks.
    let frozenAt: number | undefined = Date.now();
    const now = () => frozenAt ?? Date.now();
    const w = await startWorld({ sandbox: { reportStepMs: 150, now }, module: { runLoop: false } });
    await w.start();
    // Someone else (the seller's cabinet) holds the account's only report slot.
    const period = lastWeek();
    await w.client.statistics.submit({
      kind: "campaigns",
      campaigns: [idOf(w, "Баннер")],
      dateFrom: period.from,
      dateTo: period.to,
    });
    const progress = await orderReport(w, MANAGER, { campaigns: ["Кроссовки"] });
    const round = await w.module.runner.runOnce();
    expect(round).toMatchObject({ busy: 1, submitted: 0 });
    frozenAt = undefined;
    const messageId = Number(progress.payload.message_id);
    expect(progressTexts(w, MANAGER.id, messageId).at(-1)).toContain(
      "Ozon занят другими отчётами этого аккаунта",
    );
    await driveUntil(
      async () => (await jobsOf(w))[0]?.state === "delivered",
      () => w.module.runner.runOnce(),
    );
    expect(documentsTo(w, MANAGER.id)).toHaveLength(1);
    expect(progressTexts(w, MANAGER.id, messageId).at(-1)).toContain("✅ Отчёт отправлен.");
  });

  it("a first report in three taps: the campaign, then Create on the summary with the last 7 days by day as CSV chosen; other dates switch it there (issue 40)", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    const clock = { now: Date.now(), zone: ZONE };
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, /^Кроссовки/);
    expect(labels(w, MANAGER.id).filter((l) => l.startsWith("● "))).toEqual([
      "● Последние 7 дней",
      "● По дням",
      "● CSV",
    ]);
    expect(await jobsOf(w)).toEqual([]); // nothing ordered before Create
    await tap(w, MANAGER, "Сформировать");
    const [first] = await jobsOf(w);
    expect(first).toMatchObject({
      kind: "campaigns",
      groupBy: "DATE",
      period: presetPeriod("last_7_days", clock),
    });
    expect(first?.format ?? "csv").toBe("csv");

    // 📅 Other dates: the period question; a preset there comes back to the summary with it.
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, /^Кроссовки/);
    await tap(w, MANAGER, "📅 Другие даты");
    expect(screenText(w, MANAGER.id)).toContain("За какой период?");
    await tap(w, MANAGER, /^Прошлый месяц$/);
    expect(labels(w, MANAGER.id)).toContain("● Прошлый месяц");
    await tap(w, MANAGER, "Сформировать");
    expect((await jobsOf(w))[1]).toMatchObject({ period: presetPeriod("last_month", clock) });
  });

  it("five periods, one tap each, go straight to the summary grouped by day (changed there); then Create", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    const clock = { now: Date.now(), zone: ZONE };
    const orders = [
      {
        user: MANAGER,
        done: /^Готово/,
        quick: "Вчера",
        order: "Сформировать",
        preset: "yesterday",
      },
      {
        user: MANAGER,
        done: /^Готово/,
        quick: "Последние 30 дней",
        order: "Сформировать",
        preset: "last_30_days",
      },
      {
        user: MANAGER_EN,
        done: /^Done/,
        quick: "Last 7 days",
        order: "Create",
        preset: "last_7_days",
      },
    ] as const;
    for (const [index, { user, quick, order, preset }] of orders.entries()) {
      await slash(w, user, "report");
      await tap(w, user, /^Кроссовки/); // goes straight on; no kind asked: campaign statistics
      // Straight to the summary (issue 40): five periods on it, the last 7 days chosen, and
      // other dates; no quick doubles of them.
      const periods = buttonsOf(screen(w, user.id))
        .map((b) => b.text)
        .slice(0, 6);
      expect(periods).toEqual(
        user === MANAGER
          ? [
              "Вчера",
              "● Последние 7 дней",
              "Последние 30 дней",
              "Этот месяц",
              "Прошлый месяц",
              "📅 Другие даты",
            ]
          : [
              "Yesterday",
              "● Last 7 days",
              "Last 30 days",
              "This month",
              "Last month",
              "📅 Other dates",
            ],
      );
      await tap(w, user, quick);
      expect(labels(w, user.id)).toContain(`● ${quick}`);
      expect(screenText(w, user.id)).toContain(
        user === MANAGER ? "Группировка: по дням" : "Grouping: by day",
      );
      await tap(w, user, order);
      const job = (await jobsOf(w))[index];
      expect(job, quick).toMatchObject({
        kind: "campaigns",
        groupBy: "DATE",
        period: presetPeriod(preset, clock),
        requestedBy: { userId: user.id },
      });
    }
  });

  it("a text typed to a button question is told to use the buttons, the question stays; the format switched keeps the report", async () => {
    const w = await startWorld();
    const asks = [
      { user: MANAGER, use: "Выберите кнопкой под вопросом.", kind: "Какой отчёт нужен?" },
      {
        user: MANAGER_EN,
        use: "Please choose with the buttons below the question.",
        kind: "Which report do you need?",
      },
    ];
    for (const { user, use, kind } of asks) {
      await slash(w, user, "report");
      await tap(w, user, "Кроссовки");
      await tap(w, user, user === MANAGER ? "Последние 7 дней" : "Last 7 days");
      // The kind is asked from the summary (campaign statistics until then).
      await tap(w, user, user === MANAGER ? "Другой вид отчёта" : "Another kind of report");
      await say(w, user, "статистику");
      expect(screenText(w, user.id)).toContain(`${use}\n\n${kind}`);
      await tap(w, user, user === MANAGER ? "Статистика кампаний" : "Campaign statistics");
      expect(screenText(w, user.id)).not.toContain(use); // said once
      await tap(w, user, user === MANAGER ? "Закрыть" : "Close");
    }

    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "Последние 7 дней");
    // Straight to the summary, grouped by day; a text there is told to use the buttons.
    await say(w, MANAGER, "по неделям");
    const grouping = screenText(w, MANAGER.id);
    expect(grouping).toContain("Выберите кнопкой под вопросом.");
    expect(grouping).toContain("Период: "); // the period chosen is kept
    expect(grouping).toContain("Группировка: по дням");
    await tap(w, MANAGER, "По неделям");
    expect(screenText(w, MANAGER.id)).toContain("Группировка: по неделям");
    expect(JSON.stringify(screen(w, MANAGER.id).payload.reply_markup)).toContain("● По неделям");
    await say(w, MANAGER, "да");
    expect(screenText(w, MANAGER.id)).toContain("Выберите кнопкой под вопросом.");
    expect(screenText(w, MANAGER.id)).toContain("Файл: CSV");
    await tap(w, MANAGER, /XLSX$/);
    const confirm = screenText(w, MANAGER.id);
    expect(confirm).toContain("Сформировать отчёт?");
    expect(confirm).toContain("Файл: XLSX");
    expect(confirm).not.toContain("Выберите кнопкой");
    await tap(w, MANAGER, /CSV$/);
    await tap(w, MANAGER, /XLSX$/);
    await tap(w, MANAGER, "Сформировать");
    const [job] = await jobsOf(w);
    expect(job).toMatchObject({
      kind: "campaigns",
      groupBy: "START_OF_WEEK",
      period: lastWeek(),
      format: "xlsx",
      campaigns: [{ id: idOf(w, "Кроссовки") }],
    });
  });

  it("a campaign search that finds nothing keeps the list and what was chosen", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "➕ Несколько кампаний");
    await tap(w, MANAGER, "Кроссовки");
    await say(w, MANAGER, "нет такой");
    const missed = screenText(w, MANAGER.id);
    expect(missed).toContain("Не нашёл кампаний по запросу «нет такой» — список прежний");
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^● Кроссовки/));
    expect(labels(w, MANAGER.id)).toContain("Готово (1)");
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^○ Баннер/));
    await tap(w, MANAGER, "Баннер"); // the kept list's buttons still work
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^● Баннер/));
    expect(labels(w, MANAGER.id)).toContain("Готово (2)");
  });

  it("a period longer than allowed is refused with the reason and asked again; Ozon is not asked", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "📅 Другие даты"); // from the summary: the period question
    const today = DateTime.now().setZone(ZONE).startOf("day");
    const show = (d: DateTime) => d.toFormat("dd.MM.yyyy");
    await say(w, MANAGER, `${show(today.minus({ days: 100 }))}-${show(today.minus({ days: 1 }))}`);
    const answer = screenText(w, MANAGER.id);
    expect(answer).toContain("Период слишком длинный: 100 дн.");
    expect(answer).toContain("не больше чем за 62 дн.");
    expect(answer).toContain(
      `самое раннее начало — ${dayText("ru", today.minus({ days: 62 }).toISODate() as string)}`,
    );
    expect(answer).toContain("За какой период?"); // the same question again

    await say(w, MANAGER, "31.02.2026-01.03.2026");
    expect(screenText(w, MANAGER.id)).toContain("Такой даты нет в календаре");
    await say(w, MANAGER, "вчера и позавчера");
    expect(screenText(w, MANAGER.id)).toContain("Не понял даты");

    const from = today.minus({ days: 15 });
    await say(w, MANAGER, `${show(from)}-${show(today.minus({ days: 1 }))}`);
    expect(screenText(w, MANAGER.id)).toContain(
      `Период: ${dayText("ru", from.toISODate() as string)} – `,
    );
    expect(screenText(w, MANAGER.id)).toContain("Сформировать отчёт?");
    expect(performanceCalls(w.sandbox).submit).toBe(0);
    expect(await jobsOf(w)).toEqual([]);
  });

  it("one campaign more than allowed is refused on the spot, before Ozon is asked", async () => {
    // The sandbox has 8 campaigns; the limit is lowered to 3 so the 4th stands for the 11th.
    const w = await startWorld({ module: { maxCampaigns: 3 } });
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "➕ Несколько кампаний");
    for (const label of ["Кроссовки", "Баннер", "Новинки"]) await tap(w, MANAGER, label);
    const since = w.fake.calls.length;
    await tap(w, MANAGER, "Одежда");
    expect(alerts(w, since)).toEqual([
      "В одном отчёте не больше 3 кампаний, а выбрано бы стало 4.",
    ]);
    expect(labels(w, MANAGER.id)).toContain("Готово (3)");
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^○ Одежда/));
    await tap(w, MANAGER, /^Готово \(3\)/);
    expect(screenText(w, MANAGER.id)).toContain("Сформировать отчёт?"); // on, with the three
    expect(performanceCalls(w.sandbox).submit).toBe(0);
  });

  it("the job refuses 11 campaigns even if a dialog let them through", async () => {
    const w = await startWorld();
    const campaigns = Array.from({ length: 11 }, (_, i) => ({ id: String(1000 + i) }));
    await expect(
      w.module.jobs.enqueue({
        requestedBy: { chatId: MANAGER.id, userId: MANAGER.id, locale: "ru" },
        campaigns,
        period: lastWeek(),
        kind: "campaigns",
      }),
    ).rejects.toMatchObject({ problem: { code: "too_many_campaigns", count: 11, max: 10 } });
    expect(performanceCalls(w.sandbox).submit).toBe(0);
  });

  it("phrases: exactly one campaign, its products from Ozon, delivered as a phrases CSV", async () => {
    const w = await startWorld();
    await w.start();
    const id = idOf(w, "Кроссовки");
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "➕ Несколько кампаний");
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "Баннер");
    await tap(w, MANAGER, /^Готово/);
    await tap(w, MANAGER, /^Вчера$/);
    await tap(w, MANAGER, "Другой вид отчёта"); // the kind, from the summary
    const since = w.fake.calls.length;
    await tap(w, MANAGER, "Поисковые фразы");
    expect(alerts(w, since)[0]).toContain("выберите ровно одну");
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, /^Кроссовки/);
    await tap(w, MANAGER, /^Вчера$/);
    await tap(w, MANAGER, "Другой вид отчёта");
    await tap(w, MANAGER, "Поисковые фразы");
    expect(screenText(w, MANAGER.id)).toContain("По каким товарам");
    await tap(w, MANAGER, /^Все/);
    // Back at the summary, the period kept.
    expect(screenText(w, MANAGER.id)).toContain("Товары: ");
    expect(screenText(w, MANAGER.id)).toContain("Поисковые фразы");
    await tap(w, MANAGER, "Сформировать");
    const [document] = await waitForDocuments(w, MANAGER.id, 1);
    expect(document?.files[0]?.fileName).toMatch(new RegExp(`^ozon-ads-phrases_${id}_`));
    const [job] = await jobsOf(w);
    expect(job?.objects).toEqual(w.sandbox.control.campaign(id)?.objects);
  });

  it("attribution: the window in days goes to Ozon; the report arrives in English for an English speaker", async () => {
    const w = await startWorld();
    await w.start();
    await slash(w, MANAGER_EN, "report");
    await tap(w, MANAGER_EN, "Кроссовки");
    await tap(w, MANAGER_EN, "Last 7 days");
    await tap(w, MANAGER_EN, "Another kind of report");
    await tap(w, MANAGER_EN, "Order attribution");
    await tap(w, MANAGER_EN, "14 d");
    await tap(w, MANAGER_EN, "By month");
    expect(screenText(w, MANAGER_EN.id)).toContain("Attribution window: 14 days");
    await tap(w, MANAGER_EN, "Create");
    const [document] = await waitForDocuments(w, MANAGER_EN.id, 1);
    expect(document?.files[0]?.fileName).toMatch(/^ozon-ads-attribution_/);
    expect(String(document?.payload.caption)).toContain("📊 Order attribution · ");
    const submitted = w.sandbox.requests.find(
      (r) => r.path === "/api/client/statistics/attribution",
    );
    expect(submitted?.status).toBe(200);
    expect((await jobsOf(w))[0]).toMatchObject({ attributionDays: 14, groupBy: "START_OF_MONTH" });
  });

  it("Cancel on a later step, and commands mid-dialog pass through without losing the step", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "Кроссовки");
    await slash(w, MANAGER, "help");
    expect(screenText(w, MANAGER.id)).toContain("/report");
    // Still at the period step: a typed period is taken.
    const today = DateTime.now().setZone(ZONE).startOf("day");
    await say(w, MANAGER, today.minus({ days: 3 }).toFormat("dd.MM.yyyy"));
    expect(screenText(w, MANAGER.id)).toContain("Сформировать отчёт?");
    await tap(w, MANAGER, "Закрыть");
    expect(screenText(w, MANAGER.id)).toBe("Вы вышли из диалога. Ничего не изменено.");
    await say(w, MANAGER, "По дням");
    expect(await jobsOf(w)).toEqual([]);
    expect(performanceCalls(w.sandbox).submit).toBe(0);
  });

  it("a report dialog saved by the code before this version is over: its button says so, nothing is ordered", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "Кроссовки");
    const period = screen(w, MANAGER.id);
    await savedByOlderCode(w.store, MANAGER.id);

    const since = w.fake.calls.length;
    await w.send(press(period, "Последние 7 дней", MANAGER));
    expect(alerts(w, since)).toEqual([
      "Этот диалог уже закончен. Начните заново: /budget или /report",
    ]);
    expect(await jobsOf(w)).toEqual([]);
  });

  it("is refused to people without the manager role", async () => {
    const w = await startWorld();
    await slash(w, WAREHOUSE, "report");
    expect(screenText(w, WAREHOUSE.id)).toContain("только для ролей: менеджер");
    await slash(w, STRANGER, "report");
    expect(screenText(w, STRANGER.id)).toContain(String(STRANGER.id));
    expect(performanceCalls(w.sandbox)).toMatchObject({ token: 0, list: 0 });
  });

  it("a manager whose role is revoked mid-dialog is stopped at the next answer", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "➕ Несколько кампаний");
    await tap(w, MANAGER, "Кроссовки");
    await w.access.grant(MANAGER.id, "warehouse");
    await w.access.revoke(MANAGER.id, "manager");
    const since = w.fake.calls.length;
    await tap(w, MANAGER, /^Готово/);
    expect(alerts(w, since)[0]).toContain("только для ролей: менеджер");
    expect(await jobsOf(w)).toEqual([]);
  });
});
