// The own-delivery job of bench/walkthrough.ts: the courier handed a self-delivered posting to the
// buyer; the warehouse person marks it delivered from /deliveries (its ✅ N, then Yes). It checks Ozon has it delivered.
import type { User } from "grammy/types";
import type { JobResult, WalkWorld } from "./walkthrough-world.ts";

export const DELIVERY_JOB = {
  delivered: "mark a self-delivered posting delivered (/deliveries)",
} as const;

export async function markDelivered(w: WalkWorld, who: User): Promise<JobResult> {
  const posting = w.sandbox.control.addOwnDelivery({
    status: "delivering",
    products: [{ name: "Чайник", quantity: 1, markRequired: false }],
  });
  const job = w.job(DELIVERY_JOB.delivered, who);
  let screen = await job.fromHome("deliveries");
  if (w.hasButton(screen, /^✅ 1$/)) {
    // Since issue 40 the list offers ✅ N itself: its confirmation comes below the list.
    screen = await job.tap(screen, /^✅ 1$/);
  } else {
    screen = await job.tap(screen, /^1$/);
    screen = await job.tap(screen, w.label("deliveries-button-delivered"));
  }
  await job.tap(screen, w.label("deliveries-button-yes"));
  const status = w.sandbox.control.posting(posting.postingNumber)?.status;
  if (status !== "delivered") throw new Error(`not done: ${posting.postingNumber} delivered`);
  return job.end();
}
