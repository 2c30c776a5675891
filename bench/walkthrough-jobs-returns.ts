// The sellers' returns jobs of bench/walkthrough.ts: deciding an rFBS return request from its
// alert. Checks that Ozon got the decision the person confirmed.
import type { User } from "grammy/types";
import { callback, command } from "../test/support/updates.ts";
import { buttonsOf, resultOf, textOf } from "./walkthrough-job.ts";
import type { JobResult, WalkWorld } from "./walkthrough-world.ts";

export const RETURNS_JOB = {
  rfbs: "decide an rFBS return (a partial refund from its alert)",
} as const;

const shopId = (w: WalkWorld) => w.sandbox.stores[0]?.credentials.sellerClientId ?? "";

/** Not part of the job: the seller turned alerts about returns on in their chat before. */
async function returnsHere(w: WalkWorld, who: User): Promise<void> {
  const since = w.fake.calls.length;
  await w.send(command("returns", { from: who }));
  const screen = w.sentTo(who.id, since).at(-1);
  const button = screen && buttonsOf(screen).find((b) => b.text.startsWith("🔔"));
  if (!screen || !button?.callback_data) throw new Error("no switch of returns alerts on /returns");
  await w.send(callback(button.callback_data, { from: who, message: resultOf(screen) as never }));
}

export async function decideRfbsReturn(w: WalkWorld, who: User): Promise<JobResult> {
  await returnsHere(w, who);
  await w.returns.runOnce(shopId(w));
  if (w.sandbox.control.postings().length === 0) w.sandbox.control.addPosting();
  const filed = w.sandbox.control.afterSale.addRfbsRequest({ comment: "Царапина на крышке" });
  const since = w.fake.calls.length;
  await w.returns.runOnce(shopId(w));
  const alert = w.sentTo(who.id, since).at(-1);
  if (!alert) throw new Error("no alert about the rFBS request");

  const job = w.job(RETURNS_JOB.rfbs, who);
  job.shows(alert);
  // The card names Ozon's actions as Ozon does: 1020 is the partial compensation.
  const asked = await job.tap(alert, /Частичная компенсация/);
  const confirm = await job.type("150", asked);
  await job.tap(confirm, /^(Да|Yes)/);
  const stored = w.sandbox.control.afterSale.snapshot().requests.find((r) => r.id === filed.id);
  if (stored?.state !== "compensated" || stored.compensation !== "150.00") {
    throw new Error(`not done: the partial refund reached Ozon (${JSON.stringify(stored)})`);
  }
  if (!textOf(w.sentTo(who.id, since).at(-1) ?? alert)) throw new Error("no screen");
  return job.end();
}
