// The main jobs of bench/walkthrough.ts, each as a new person does it on a phone, with a check
// that it did what the person wanted (a job that did not throws). Shared with the walkthrough
// test (test/e2e/walkthrough.test.ts), which keeps the script working and the tap counts true.
import type { User } from "grammy/types";
import { DELIVERY_JOB, markDelivered } from "./walkthrough-jobs-deliveries.ts";
import {
  answerFromChats,
  answerQuestion,
  answerWithTemplate,
  dailyDigest,
  MORE_JOB,
  markRead,
  pauseCampaign,
  reportAsXlsx,
  saveTemplate,
  scheduleDaily,
} from "./walkthrough-jobs-more.ts";
import { changePrice, PRODUCT_JOB } from "./walkthrough-jobs-products.ts";
import { decideRfbsReturn, RETURNS_JOB } from "./walkthrough-jobs-returns.ts";
import { STOCK_JOB, stockAlertsOn, stockFromAlert } from "./walkthrough-jobs-stock.ts";
import { type JobResult, WalkWorld } from "./walkthrough-world.ts";

/** The jobs, as the table names them. */
export const JOB = {
  subscribe: "subscribe to posting alerts",
  find: "find a posting by its number",
  pack: "pack a posting (2 pcs) from its alert, with the dialog, to the label",
  oneTap: "pack a posting (2 pcs) from its alert, one tap, to the label",
  cancel: "cancel a posting from its alert",
  reply: "reply to a buyer",
  budget: "change a campaign's budget",
  firstReport: "order a first report (one campaign, last 7 days by day)",
  report: "order a usual report (one campaign, last 7 days by day)",
  cardReport: "order a campaign's report from its card (last 7 days by day)",
  ...MORE_JOB,
  ...RETURNS_JOB,
  ...PRODUCT_JOB,
  ...DELIVERY_JOB,
  ...STOCK_JOB,
} as const;

/**
 * One walk in one language: the admin invites three people, who do their jobs. A job an older
 * version cannot do this way is reported (taps undefined) and the walk goes on.
 */
export async function walk(lang: "ru" | "en", print: boolean): Promise<JobResult[]> {
  const w = await WalkWorld.start(lang, print);
  const results: JobResult[] = [];
  try {
    const names = lang === "ru" ? ["Вика", "Сергей", "Марина"] : ["Vika", "Sergei", "Marina"];
    const warehouse = await w.join(names[0] ?? "", "warehouse");
    const seller = await w.join(names[1] ?? "", "seller");
    const manager = await w.join(names[2] ?? "", "manager");
    if (w.lastInvite) results.push(w.lastInvite);
    const jobs: Array<[string, () => Promise<JobResult | undefined>]> = [
      [JOB.subscribe, () => subscribe(w, warehouse)],
      [JOB.find, () => findPosting(w, warehouse)],
      [JOB.pack, () => packWithDialog(w, warehouse)],
      [JOB.oneTap, () => packOneTap(w, warehouse)],
      [JOB.cancel, () => cancelPosting(w, warehouse)],
      [JOB.delivered, () => markDelivered(w, warehouse)],
      [JOB.reply, () => replyToBuyer(w, seller)],
      [JOB.chats, () => answerFromChats(w, seller)],
      [JOB.read, () => markRead(w, seller)],
      [JOB.saveTemplate, () => saveTemplate(w, seller)],
      [JOB.template, () => answerWithTemplate(w, seller)],
      [JOB.question, () => answerQuestion(w, seller)],
      [JOB.budget, () => changeBudget(w, manager)],
      [JOB.pause, () => pauseCampaign(w, manager)],
      [JOB.firstReport, () => firstReport(w, manager)],
      [JOB.report, () => usualReport(w, manager)],
      [JOB.cardReport, () => cardReport(w, manager)],
      [JOB.xlsx, () => reportAsXlsx(w, manager)],
      [JOB.schedule, () => scheduleDaily(w, manager)],
      [JOB.digest, () => dailyDigest(w, manager)],
      [JOB.rfbs, () => decideRfbsReturn(w, seller)],
      [JOB.price, () => changePrice(w, manager)],
      [JOB.stockOn, () => stockAlertsOn(w, warehouse)],
      [JOB.stockFromAlert, () => stockFromAlert(w, warehouse)],
    ];
    for (const [name, run] of jobs) {
      try {
        const result = await run();
        if (result) results.push(result);
      } catch (error) {
        results.push(w.job(name, w.admin).failed(error));
      }
    }
  } finally {
    await w.close();
  }
  return results;
}

/** The posting is packed and its label file reached the person. */
function packedWithLabel(w: WalkWorld, postingNumber: string): void {
  const status = w.sandbox.control.posting(postingNumber)?.status;
  check(status === "awaiting_deliver", `${postingNumber} packed`);
  const file = `label-${postingNumber}.pdf`;
  const labels = w.fake.calls.filter((c) => c.method === "sendDocument");
  check(
    labels.some((c) => c.files[0]?.fileName === file),
    `the label ${file} sent`,
  );
}

/** Throws unless `ok`: the job did not do what the person wanted. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`not done: ${what}`);
}

export async function subscribe(w: WalkWorld, who: User): Promise<JobResult> {
  // Postings that already wait: subscribing says how many and offers to list them.
  w.sandbox.control.addPosting({
    products: [{ name: "Чайник", quantity: 1, markRequired: false }],
  });
  await w.watcher().runOnce();
  const job = w.job(JOB.subscribe, who);
  const screen = await job.fromHome("subscribe");
  // The button says how many wait («Показать 1 отправление»); before, «Показать ждущие».
  check(w.hasButton(screen, /^📋 /u), "offered to list what waits");
  return job.end();
}

async function findPosting(w: WalkWorld, who: User): Promise<JobResult> {
  const posting = w.sandbox.control.addPosting({
    products: [{ name: "Кружка", quantity: 1, markRequired: false }],
  });
  const job = w.job(JOB.find, who);
  const card = await job.type(posting.postingNumber);
  check(w.hasButton(card, w.label("postings-button-ship")), "the posting's card shown");
  return job.end();
}

/** A new posting's alert; the job starts with the alert on screen. */
export async function alertOf(w: WalkWorld, who: User, name: string, quantity: number) {
  const posting = w.sandbox.control.addPosting({
    products: [{ name, quantity, markRequired: false }],
  });
  const since = w.fake.calls.length;
  await w.watcher().runOnce();
  const alert = w
    .sentTo(who.id, since)
    .find((c) => String(c.payload.text).includes(posting.postingNumber));
  if (!alert) throw new Error(`no alert of ${posting.postingNumber}`);
  return { posting, alert };
}

async function packWithDialog(w: WalkWorld, who: User): Promise<JobResult> {
  const { alert, posting } = await alertOf(w, who, "Сковорода", 2);
  const job = w.job(JOB.pack, who);
  job.shows(alert);
  let screen = await job.tap(alert, w.label("postings-button-ship"));
  screen = await job.tap(screen, w.label("postings-ship-one-package"));
  screen = await job.tap(screen, w.label("postings-ship-confirm-button"));
  // Before, the label took one more tap; now it comes with the pack.
  const label = w.labelIfAny("postings-button-label");
  const sent = (n: string) =>
    w.fake.calls.some(
      (c) => c.method === "sendDocument" && c.files[0]?.fileName === `label-${n}.pdf`,
    );
  if (!sent(posting.postingNumber) && label !== undefined) await job.tap(screen, label);
  packedWithLabel(w, posting.postingNumber);
  return job.end();
}

export async function packOneTap(w: WalkWorld, who: User): Promise<JobResult | undefined> {
  const { alert, posting } = await alertOf(w, who, "Кастрюля", 2);
  const job = w.job(JOB.oneTap, who);
  job.shows(alert);
  const quick = w.labelIfAny("postings-button-quick-pack");
  if (quick === undefined || !w.hasButton(alert, quick)) return job.unavailable();
  await job.tap(alert, quick);
  packedWithLabel(w, posting.postingNumber);
  return job.end();
}

async function cancelPosting(w: WalkWorld, who: User): Promise<JobResult> {
  const { alert, posting } = await alertOf(w, who, "Тарелка", 1);
  const job = w.job(JOB.cancel, who);
  job.shows(alert);
  let screen = await job.tap(alert, w.label("postings-button-cancel"));
  screen = await job.tap(screen, /./); // the first reason offered
  await job.tap(screen, w.label("postings-cancel-confirm-button"));
  const status = w.sandbox.control.posting(posting.postingNumber)?.status;
  check(status === "cancelled", "the posting cancelled");
  return job.end();
}

export async function replyToBuyer(w: WalkWorld, who: User): Promise<JobResult> {
  await w.relay.runOnce();
  const chat = w.sandbox.control.chats().find((c) => c.status === "OPENED");
  if (!chat) throw new Error("no open buyer chat");
  const since = w.fake.calls.length;
  w.sandbox.control.buyerWrites(chat.id, { text: "Здравствуйте! Когда отправите заказ?" });
  await w.relay.runOnce();
  const relayed = w.sentTo(who.id, since).at(-1);
  if (!relayed) throw new Error("the buyer's message was not relayed");
  const job = w.job(JOB.reply, who);
  job.shows(relayed);
  const prompt = await job.tap(relayed, w.label("relay-answer-button"));
  await job.type("Сегодня до 18:00", prompt);
  const sent = JSON.stringify(w.sandbox.control.chat(chat.id) ?? {});
  check(sent.includes("Сегодня до 18:00"), "the answer reached the buyer");
  return job.end();
}

async function changeBudget(w: WalkWorld, who: User): Promise<JobResult> {
  const job = w.job(JOB.budget, who);
  let screen = await job.fromHome("budget");
  screen = await job.tap(screen, /₽|RUB/); // the first campaign with a budget
  screen = await job.type("2000");
  const done = await job.tap(screen, w.label("ads-budget-confirm-button"));
  check(/2[\s,]000/.test(String(done.payload.text)), "the budget is 2 000 ₽ (RUB 2,000) now");
  return job.end();
}

/** The usual report again: ⚡ as last time on /report's first screen (the whole way before). */
async function usualReport(w: WalkWorld, who: User): Promise<JobResult> {
  if (!w.labelIfAny("ads-again-7-days")) return firstReport(w, who, JOB.report); // no ⚡ yet
  const job = w.job(JOB.report, who);
  const screen = await job.fromHome("report");
  await job.tap(screen, /^⚡/);
  await job.awaitReport();
  return job.end();
}

/** A campaign's ⚡ 7 days on its card (n/a before issue 27). */
async function cardReport(w: WalkWorld, who: User): Promise<JobResult | undefined> {
  const job = w.job(JOB.cardReport, who);
  let screen = await job.fromHome("campaigns");
  screen = await job.tap(screen, /Кроссовки/);
  if (!w.hasButton(screen, w.label("ads-quick-week")))
    return job.failed(new Error("no ⚡ on the card"));
  await job.tap(screen, w.label("ads-quick-week"));
  await job.awaitReport();
  return job.end();
}

async function firstReport(
  w: WalkWorld,
  who: User,
  name: string = JOB.firstReport,
): Promise<JobResult> {
  const job = w.job(name, who);
  let screen = await job.fromHome("report");
  screen = await job.tap(screen, /./); // the first campaign
  // Before issue 27 a campaign was toggled, then Done; now one goes straight on.
  screen = await job.tapAny(screen, [/^(Готово|Done) \(1\)/], true);
  // Asked before issue 27; now only of someone who used another kind.
  screen = await job.tapAny(screen, [w.labelIfAny("ads-kind-campaigns")], true);
  // Since issue 40 the summary comes at once with the last 7 days chosen (● on it).
  if (!w.hasButton(screen, w.label("ads-report-order-button"))) {
    screen = await job.tapAny(screen, [
      w.labelIfAny("ads-quick-week"),
      w.labelIfAny("ads-period-last-7-days"),
    ]);
  }
  if (!w.hasButton(screen, w.label("ads-report-order-button"))) {
    screen = await job.tapAny(screen, [/./]); // the grouping, asked after a plain period
  }
  screen = await job.tap(screen, w.label("ads-report-order-button"));
  await job.awaitReport();
  return job.end();
}
