// node bench/walkthrough.ts [--lang ru|en|both] [--quiet]   (npm run bench -- walkthrough)
//
// New people use the bot as they would on a phone: an admin invites a warehouse worker, a seller
// and a manager; each does their main jobs against the sandbox over HTTP through the fake Bot API
// over HTTP, with the bot built as main builds it (postings, buyer chats and advertising modules).
// Prints the transcript of each job (what the person did, what the bot sent or edited, with its
// buttons) in Russian and English, and a table of taps per job: a tap is a button or a command
// chosen from the menu; typed texts are counted apart. Jobs whose buttons an older version lacks
// are reported as "n/a", so the same script measures an older commit (the "before" column).
import { parseArgs } from "node:util";
import type { User } from "grammy/types";
import { type JobResult, WalkWorld } from "./walkthrough-world.ts";

const { values: args } = parseArgs({
  options: {
    lang: { type: "string", default: "both" },
    quiet: { type: "boolean", default: false },
  },
});
const languages = args.lang === "both" ? (["ru", "en"] as const) : [args.lang as "ru" | "en"];

/** The jobs, as the table names them. */
const JOB = {
  subscribe: "subscribe to posting alerts",
  find: "find a posting by its number",
  pack: "pack a posting (2 pcs) from its alert, with the dialog, to the label",
  oneTap: "pack a posting (2 pcs) from its alert, one tap, to the label",
  cancel: "cancel a posting from its alert",
  reply: "reply to a buyer",
  budget: "change a campaign's budget",
  report: "order a usual report (one campaign, last 7 days by day)",
} as const;

const results = new Map<string, Record<string, JobResult>>();

for (const lang of languages) {
  const w = await WalkWorld.start(lang, !args.quiet);
  try {
    const names = lang === "ru" ? ["Вика", "Сергей", "Марина"] : ["Vika", "Sergei", "Marina"];
    const warehouse = await w.join(names[0] ?? "", "warehouse");
    const seller = await w.join(names[1] ?? "", "seller");
    const manager = await w.join(names[2] ?? "", "manager");
    const record = (r: JobResult | undefined) => {
      if (!r) return;
      const row = results.get(r.job) ?? {};
      row[lang] = r;
      results.set(r.job, row);
    };
    record(w.lastInvite);
    // A job an older version cannot do this way is reported, and the walk goes on.
    const jobs: Array<[string, () => Promise<JobResult | undefined>]> = [
      [JOB.subscribe, () => subscribe(w, warehouse)],
      [JOB.find, () => findPosting(w, warehouse)],
      [JOB.pack, () => packWithDialog(w, warehouse)],
      [JOB.oneTap, () => packOneTap(w, warehouse)],
      [JOB.cancel, () => cancelPosting(w, warehouse)],
      [JOB.reply, () => replyToBuyer(w, seller)],
      [JOB.budget, () => changeBudget(w, manager)],
      [JOB.report, () => usualReport(w, manager)],
    ];
    for (const [name, run] of jobs) {
      try {
        record(await run());
      } catch (error) {
        record(w.job(name, w.admin).failed(error));
      }
    }
  } finally {
    await w.close();
  }
}

console.log("\n## Taps per job (a tap: a button or a command from the menu; typed texts apart)\n");
console.log("| Job | taps ru | taps en | typed | bot messages (new + edited), en |");
console.log("|---|---|---|---|---|");
for (const [job, row] of results) {
  const en = row.en ?? row.ru;
  const taps = (r: JobResult | undefined) => (r?.taps === undefined ? "n/a" : String(r.taps));
  console.log(
    `| ${job} | ${taps(row.ru)} | ${taps(row.en)} | ${en?.typed ?? "-"} | ${en ? `${en.messages} + ${en.edits}` : "-"} |`,
  );
}

async function subscribe(w: WalkWorld, who: User): Promise<JobResult> {
  // Postings that already wait: subscribing says how many and offers to list them.
  w.sandbox.control.addPosting({
    products: [{ name: "Чайник", quantity: 1, markRequired: false }],
  });
  await w.watcher().runOnce();
  const job = w.job(JOB.subscribe, who);
  await job.command("subscribe");
  return job.end();
}

async function findPosting(w: WalkWorld, who: User): Promise<JobResult> {
  const posting = w.sandbox.control.addPosting({
    products: [{ name: "Кружка", quantity: 1, markRequired: false }],
  });
  const job = w.job(JOB.find, who);
  await job.type(posting.postingNumber);
  return job.end();
}

/** A new posting's alert; the job starts with the alert on screen. */
async function alertOf(w: WalkWorld, who: User, name: string, quantity: number) {
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
  const { alert } = await alertOf(w, who, "Сковорода", 2);
  const job = w.job(JOB.pack, who);
  job.shows(alert);
  let screen = await job.tap(alert, w.label("postings-button-ship"));
  screen = await job.tap(screen, w.label("postings-ship-one-package"));
  screen = await job.tap(screen, w.label("postings-ship-confirm-button"));
  await job.tap(screen, w.label("postings-button-label"));
  return job.end();
}

async function packOneTap(w: WalkWorld, who: User): Promise<JobResult | undefined> {
  const { alert } = await alertOf(w, who, "Кастрюля", 2);
  const job = w.job(JOB.oneTap, who);
  job.shows(alert);
  const quick = w.labelIfAny("postings-button-quick-pack");
  if (quick === undefined || !w.hasButton(alert, quick)) return job.unavailable();
  await job.tap(alert, quick);
  return job.end();
}

async function cancelPosting(w: WalkWorld, who: User): Promise<JobResult> {
  const { alert } = await alertOf(w, who, "Тарелка", 1);
  const job = w.job(JOB.cancel, who);
  job.shows(alert);
  let screen = await job.tap(alert, w.label("postings-button-cancel"));
  screen = await job.tap(screen, /./); // the first reason offered
  await job.tap(screen, w.label("postings-cancel-confirm-button"));
  return job.end();
}

async function replyToBuyer(w: WalkWorld, who: User): Promise<JobResult> {
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
  return job.end();
}

async function changeBudget(w: WalkWorld, who: User): Promise<JobResult> {
  const job = w.job(JOB.budget, who);
  let screen = await job.command("budget");
  screen = await job.tap(screen, /₽/); // the first campaign with a budget
  screen = await job.type("2000");
  await job.tap(screen, w.label("ads-budget-confirm-button"));
  return job.end();
}

async function usualReport(w: WalkWorld, who: User): Promise<JobResult> {
  const job = w.job(JOB.report, who);
  let screen = await job.command("report");
  screen = await job.tap(screen, /./); // the first campaign
  screen = await job.tapAny(screen, [/^(Готово|Done) \(1\)/]);
  screen = await job.tapAny(screen, [w.labelIfAny("ads-kind-campaigns")]);
  screen = await job.tapAny(screen, [
    w.labelIfAny("ads-quick-week"),
    w.labelIfAny("ads-period-last-7-days"),
  ]);
  if (!w.hasButton(screen, w.label("ads-report-order-button"))) {
    screen = await job.tapAny(screen, [/./]); // the grouping, asked after a plain period
  }
  screen = await job.tap(screen, w.label("ads-report-order-button"));
  await w.reportDone(who.id);
  return job.end();
}
