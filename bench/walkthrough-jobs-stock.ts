// The stock jobs of bench/walkthrough.ts: a warehouse worker turns stock alerts on in /subscribe,
// and sets a product's stock from a stock alert. Checks that Ozon (the sandbox) has the new stock.
import type { User } from "grammy/types";
import type { JobResult, WalkWorld } from "./walkthrough-world.ts";

export const STOCK_JOB = {
  stockOn: "turn stock alerts on (/subscribe)",
  stockFromAlert: "set a product's stock from a stock alert",
} as const;

export async function stockAlertsOn(w: WalkWorld, who: User): Promise<JobResult | undefined> {
  const toggle = w.labelIfAny("stock-subscribe-toggle");
  const job = w.job(STOCK_JOB.stockOn, who);
  const screen = await job.fromHome("subscribe");
  if (toggle === undefined || !w.hasButton(screen, toggle)) return job.unavailable();
  await job.tap(screen, toggle);
  return job.end();
}

export async function stockFromAlert(w: WalkWorld, who: User): Promise<JobResult | undefined> {
  if (w.labelIfAny("stock-button-stock") === undefined) return undefined;
  const product = w.sandbox.control.products()[1];
  const warehouse = product && w.sandbox.control.stock.units(product.offerId).warehouses[0];
  if (!product || !warehouse) throw new Error("no product in the sandbox");
  // The watcher has seen the store; then the product runs low at its first warehouse.
  await w.stock.runOnce(w.shopId);
  w.sandbox.control.stock.setStock(product.offerId, warehouse.warehouseId, 1);
  const since = w.fake.calls.length;
  await w.stock.runOnce(w.shopId);
  const alert = w
    .sentTo(who.id, since)
    .find((c) => String(c.payload.text).includes(product.offerId));
  if (!alert) throw new Error(`no stock alert of ${product.offerId}`);
  const job = w.job(STOCK_JOB.stockFromAlert, who);
  job.shows(alert);
  // The alert names its warehouse: its button goes straight to the number.
  await job.tap(alert, w.label("stock-button-stock"));
  const screen = await job.type("25");
  await job.tap(screen, w.label("products-stock-yes"));
  const now = w.sandbox.control.stock
    .units(product.offerId)
    .warehouses.find((one) => one.warehouseId === warehouse.warehouseId);
  const available = (now?.present ?? 0) - (now?.reserved ?? 0);
  if (available !== 25) throw new Error(`not done: ${available} available, not 25`);
  return job.end();
}
