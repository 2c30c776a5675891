// The products jobs of bench/walkthrough.ts: a manager changes a product's price from its card
// (/products). Checks that Ozon (the sandbox) has the new price.
import type { User } from "grammy/types";
import type { JobResult, WalkWorld } from "./walkthrough-world.ts";

export const PRODUCT_JOB = {
  price: "change a product's price (/products)",
} as const;

export async function changePrice(w: WalkWorld, who: User): Promise<JobResult> {
  const product = w.sandbox.control.products()[0];
  if (!product) throw new Error("no product in the sandbox");
  // 10 % lower, in whole roubles: one confirmation, no "more than 50 %" question.
  const roubles = Math.floor(Number(product.price) * 0.9);
  const job = w.job(PRODUCT_JOB.price, who);
  await job.fromHome("products");
  let screen = await job.type(product.offerId);
  screen = await job.tap(screen, w.label("products-price-button"));
  screen = await job.type(String(roubles));
  await job.tap(screen, w.label("products-price-yes"));
  const now = w.sandbox.control.stock.units(product.offerId).price;
  if (now !== `${roubles}.00`) throw new Error(`not done: the price is ${now}, not ${roubles}`);
  return job.end();
}
