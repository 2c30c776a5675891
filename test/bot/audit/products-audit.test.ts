/**
 * Stock and price changes in the audit trail: one record per confirmation — the person, the
 * product (SKU, with offer_id and the warehouse), old → new, and the result: done, or refused by
 * Ozon with its words. The product card's 🕘 History lists them. A crash between Ozon's answer and
 * the record is repaired from the change's kept answer; two processes confirming one change at
 * once on real Redis write one record.
 */
import ExcelJS from "exceljs";
import type { User } from "grammy/types";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import { repairChangeRecords } from "../../../src/services/products/index.ts";
import type { Store } from "../../../src/store/port.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  KEEPER,
  lastScreen,
  OLGA,
  type ProductsHarness,
  startProducts,
} from "../products/harness.ts";

const admin = { admin: true };
const trailOf = (store: Store) => new AuditTrail({ store, keepDays: 180 });

function firstProduct(h: ProductsHarness) {
  const p = h.sandbox.control.products()[0];
  if (!p) throw new Error("no product");
  return p;
}

async function openCard(h: ProductsHarness, who: User): Promise<RecordedCall> {
  const args = firstProduct(h).offerId;
  return lastScreen(await h.send(command("products", { from: who, args })));
}

/** Card → Stock → the second warehouse → `typed` → the confirmation. */
async function stockConfirm(h: ProductsHarness, who: User, label: string, typed: string) {
  const card = await openCard(h, who);
  const choose = lastScreen(await h.send(press(card, label, who)));
  await h.send(press(choose, buttonsOf(choose)[1]?.text ?? "", who));
  return { card, confirm: lastScreen(await h.send(text(typed, { from: who }))) };
}

describe("audit records of stock and price changes", () => {
  let h: ProductsHarness;
  afterEach(() => h.close());

  it("stock: one record per confirmation (a double tap adds none), refused in Ozon's words; the card's History lists them", async () => {
    h = await startProducts({ withAudit: true });
    const p = firstProduct(h);
    const w = h.sandbox.control.stock.units(p.offerId).warehouses[1];
    if (!w) throw new Error("no second warehouse");
    const before = w.present - w.reserved;
    const { card, confirm } = await stockConfirm(h, KEEPER, "📦 Set stock", "+5");
    await h.send(press(confirm, "✅ Set stock", KEEPER));
    await h.send(press(confirm, "✅ Set stock", KEEPER));
    expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);

    // Refused by Ozon: the number is asked again; the refusal is in the trail with its words.
    h.clock.now += 60_000;
    h.sandbox.control.stock.refuseNextStock("SKU_STOCK_NOT_CHANGE", "Stock cannot be changed now");
    const second = await stockConfirm(h, KEEPER, "📦 Set stock", "3");
    await h.send(press(second.confirm, "✅ Set stock", KEEPER));

    const entries = await trailOf(h.store).latest({ kind: "stock" }, admin);
    expect(entries.map((e) => [e.result, e.from, e.to])).toEqual([
      [
        { status: "refused", words: "SKU_STOCK_NOT_CHANGE: Stock cannot be changed now" },
        String(before + 5),
        "3",
      ],
      [{ status: "done" }, String(before), String(before + 5)],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: { id: KEEPER.id, name: "Kim" },
        shopId: h.shops.all()[0]?.id,
        objectId: String(p.sku),
        detail: `${p.offerId} · ${w.warehouseName}`,
      });
    }

    // The card's History: this product's entries, newest first.
    const history = lastScreen(await h.send(press(card, "🕘 History", KEEPER)));
    const said = textOf(history);
    expect(said).toContain(`🕘 History of SKU ${p.sku}`);
    expect(said).toContain(`📦 Stock ${p.sku} · ${p.offerId} · ${w.warehouseName}`);
    expect(said).toContain(`${before} → ${before + 5}`);
    expect(said).toContain("⛔ refused by Ozon: SKU_STOCK_NOT_CHANGE: Stock cannot be changed now");
    expect(said.indexOf("⛔")).toBeLessThan(said.indexOf("✅"));

    // The XLSX export carries the details (offer_id and warehouse) in their own column.
    const main = lastScreen(await h.send(command("audit", { from: ADMIN })));
    const periods = lastScreen(await h.send(press(main, "📥 Export", ADMIN)));
    const calls = await h.send(press(periods, "1 day", ADMIN));
    const file = calls.find((c) => c.method === "sendDocument")?.files[0];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file?.bytes ?? new Uint8Array()) as never);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(12).value).toBe("Details");
    expect(sheet?.getRow(2).getCell(12).value).toBe(`${p.offerId} · ${w.warehouseName}`);
    expect(sheet?.getRow(2).getCell(6).value).toBe(String(p.sku));
  });

  it("price: Ozon's refusal in its words, then done with old → new (and the before-discount price); a failed call as failed", async () => {
    h = await startProducts({ withAudit: true });
    const p = firstProduct(h); // 5 490 ₽, before discount 6 863 ₽
    const card = await openCard(h, OLGA);
    await h.send(press(card, "💰 Цена", OLGA));
    // Above the before-discount price: Ozon refuses, and the price is asked again.
    const higher = lastScreen(await h.send(text("9000", { from: OLGA })));
    const sure = lastScreen(await h.send(press(higher, "✅ Изменить цену", OLGA)));
    await h.send(press(sure, "Да, изменить", OLGA));
    const confirm = lastScreen(await h.send(text("5000", { from: OLGA })));
    await h.send(press(confirm, "Цена до скидки", OLGA));
    const withOld = lastScreen(await h.send(text("7000", { from: OLGA })));
    await h.send(press(withOld, "✅ Изменить цену", OLGA));
    expect(h.sandbox.control.stock.priceLog()).toHaveLength(1);
    // Ozon down: failed, nothing changed.
    h.clock.now += 2 * 60 * 60_000;
    await h.send(press(card, "💰 Цена", OLGA));
    h.sandbox.control.setFault("/v1/product/import/prices", { rate5xx: 1 });
    const down = lastScreen(await h.send(text("5200", { from: OLGA })));
    await h.send(press(down, "✅ Изменить цену", OLGA));
    h.sandbox.control.clearFaults("/v1/product/import/prices");
    expect(h.sandbox.control.stock.priceLog()).toHaveLength(1);

    const entries = await trailOf(h.store).latest({ kind: "price" }, admin);
    expect(entries.map((e) => e.result.status)).toEqual(["failed", "done", "refused"]);
    const [failed, done, refused] = entries;
    expect(done?.from).toMatch(/^5\s490\s₽, old 6\s863\s₽$/);
    expect(done?.to).toMatch(/^5\s000\s₽, old 7\s000\s₽$/);
    expect(failed?.to).toMatch(/^5\s200\s₽$/);
    expect(refused).toMatchObject({
      actor: { id: OLGA.id },
      objectId: String(p.sku),
      detail: p.offerId,
      result: { status: "refused", words: expect.stringContaining("OLD_PRICE_LESS_THAN_PRICE") },
    });
    expect(refused?.to).toMatch(/^9\s000\s₽$/);
  });

  it("a crash between Ozon's answer and the record: the start-up repair writes it once", async () => {
    h = await startProducts();
    const { confirm } = await stockConfirm(h, KEEPER, "📦 Set stock", "4");
    await h.send(press(confirm, "✅ Set stock", KEEPER));
    const trail = trailOf(h.store);
    const [written] = await trail.latest({ kind: "stock" }, admin);
    expect(written).toBeDefined();
    // The record is lost as if the process died before writing it; Ozon's answer is kept.
    for (const { key } of await h.store.list("audit:")) await h.store.delete(key);
    expect(await trail.latest({}, admin)).toEqual([]);

    const shop = h.shops.all()[0];
    if (!shop) throw new Error("no shop");
    expect(await repairChangeRecords(trail, shop.store)).toBe(1);
    expect(await repairChangeRecords(trail, shop.store)).toBe(0);
    const repaired = await trail.latest({}, admin);
    expect(repaired).toHaveLength(1);
    expect(repaired[0]).toMatchObject({
      kind: "stock",
      actor: written?.actor,
      objectId: written?.objectId,
      detail: written?.detail,
      from: written?.from,
      to: "4",
      via: "repaired",
      result: { status: "done" },
    });
  });
});

const redis = await redisAvailability();
redis.describe("audit record of a stock change in two processes (Redis)", () => {
  const prefix = uniquePrefix("audit-products");
  afterAll(() => removeKeys(redis.url, prefix));

  it("one confirmation reaching both processes at once: sent once, recorded once", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    const h = await startProducts({ store, closeStore: true });
    try {
      const { confirm } = await stockConfirm(h, KEEPER, "📦 Set stock", "12");
      // Without Ozon's 30 s limit, so a second send would land too: only the once-key stops it.
      h.sandbox.control.stock.setChangeWindow(0);
      await Promise.all([
        h.send(press(confirm, "✅ Set stock", KEEPER), h.bot),
        h.send(press(confirm, "✅ Set stock", KEEPER), h.second),
      ]);
      expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);
      const entries = await trailOf(store).latest({}, admin);
      expect(entries.map((e) => [e.kind, e.actor.id, e.to, e.result.status])).toEqual([
        ["stock", KEEPER.id, "12", "done"],
      ]);
      // And the start-up repair of either process finds nothing missing.
      const shop = h.shops.all()[0];
      if (!shop) throw new Error("no shop");
      expect(await repairChangeRecords(trailOf(store), shop.store)).toBe(0);
    } finally {
      await h.close();
    }
  });
});
