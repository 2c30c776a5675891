/**
 * Product bids from a campaign card: the paged list (buttons only, each with the product's title,
 * SKU and bid), one SKU's bid changed after a confirmation and read back, our limits (BID_MIN/MAX_ROUBLES) and Ozon's minimum, and campaigns
 * whose bids the live API does not take (auto strategy, banner, pay per order).
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatRoubles } from "../../../../src/services/ads/index.ts";
import {
  closeWorlds,
  labels,
  MANAGER,
  say,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const MANUAL = "Кроссовки и ботинки — поиск";
const NBSP = "\u00A0";

function campaignOf(w: World, title: string) {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found;
}

const bidPuts = (w: World) =>
  w.sandbox.requests
    .filter((r) => r.method === "PUT" && r.path.endsWith("/products"))
    .map((r) => r.status);

async function openBids(w: World, title: RegExp) {
  await slash(w, MANAGER, "campaigns");
  await tap(w, MANAGER, title);
  await tap(w, MANAGER, "🎯 Ставки");
}

describe("product bids from a campaign card", () => {
  it("lists products with bids and changes one SKU's bid after asking, read back old → new", async () => {
    const w = await startWorld({ env: { BID_MIN_ROUBLES: "1", BID_MAX_ROUBLES: "100" } });
    const campaign = campaignOf(w, MANUAL);
    const [sku, other] = campaign.objects as [string, string];
    const products = await w.client.products.list(campaign.id);
    const old = products.find((p) => p.sku === sku)?.bid ?? 0n;
    const otherBefore = products.find((p) => p.sku === other)?.bid;

    await openBids(w, /^Кроссовки/);
    const list = screenText(w, MANAGER.id);
    expect(list).toContain(`🎯 Ставки за клик — «${MANUAL}», страница 1`);
    const button = labels(w, MANAGER.id).find((label) => label.includes(` · SKU ${sku} · `));
    expect(button).toMatch(new RegExp(` · SKU ${sku} · ${formatRoubles(old)}$`));

    await tap(w, MANAGER, ` · SKU ${sku} · `);
    const ask = screenText(w, MANAGER.id);
    expect(ask).toContain(
      `(SKU ${sku}) в кампании «${MANUAL}»: ставка за клик сейчас ${formatRoubles(old)}`,
    );
    expect(ask).toContain(`от 1${NBSP}₽ до 100${NBSP}₽`);
    expect(ask).toMatch(/Конкурентная ставка Ozon: [\d\u00A0]+,\d\d\u00A0₽/);

    await say(w, MANAGER, "150");
    expect(screenText(w, MANAGER.id)).toContain(`ставка не может быть больше 100${NBSP}₽`);
    await say(w, MANAGER, "два");
    expect(screenText(w, MANAGER.id)).toContain("не похоже на сумму");
    // Within our limits but under Ozon's minimum (3 ₽ in the sandbox): Ozon's refusal, asked again.
    await say(w, MANAGER, "2");
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain("Ozon не принял ставку: bid must be at least");
    expect(bidPuts(w)).toEqual([400]);

    await say(w, MANAGER, "15,50");
    expect(screenText(w, MANAGER.id)).toContain(`${formatRoubles(old)} → 15,50${NBSP}₽`);
    expect(bidPuts(w)).toEqual([400]); // nothing sent before the confirmation
    // "Other bid" asks again, the bid typed is forgotten and nothing is sent.
    await tap(w, MANAGER, "✏️ Другая ставка");
    expect(screenText(w, MANAGER.id)).toContain("ставка за клик сейчас");
    expect(screenText(w, MANAGER.id)).not.toContain("15,50");
    await say(w, MANAGER, "15,50");
    expect(screenText(w, MANAGER.id)).toContain(`${formatRoubles(old)} → 15,50${NBSP}₽`);
    expect(bidPuts(w)).toEqual([400]);
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(
      `(SKU ${sku}) теперь 15,50${NBSP}₽ (было ${formatRoubles(old)})`,
    );
    expect(bidPuts(w)).toEqual([400, 200]);
    const after = await w.client.products.list(campaign.id);
    expect(after.find((p) => p.sku === sku)?.bid).toBe(15_500_000n);
    expect(after.find((p) => p.sku === other)?.bid).toBe(otherBefore);
  });

  it("lists the bids as buttons only: the text says what to do, each button its title, SKU and bid", async () => {
    const w = await startWorld();
    const campaign = campaignOf(w, MANUAL);
    const products = await w.client.products.list(campaign.id);
    expect(products.length).toBeGreaterThan(1);
    await openBids(w, /^Кроссовки/);
    expect(screenText(w, MANAGER.id)).toBe(
      `🎯 Ставки за клик — «${MANUAL}», страница 1\nНажмите на товар, чтобы изменить его ставку.`,
    );
    const bid = (p: { bid?: bigint }) =>
      p.bid === undefined ? "ставку задаёт Ozon" : formatRoubles(p.bid);
    const shown = labels(w, MANAGER.id);
    expect(shown).toHaveLength(products.length + 1);
    expect(shown.at(-1)).toBe("« К кампании");
    products.forEach((p, i) => {
      // The title is cut to fit a phone; the SKU and the bid are always whole.
      const label = shown[i] ?? "";
      expect(label.startsWith(p.title.slice(0, 16))).toBe(true);
      expect(label.endsWith(` · SKU ${p.sku} · ${bid(p)}`)).toBe(true);
      expect(label.length).toBeLessThanOrEqual(64);
    });
  });

  it("says why where the live API takes no bids: auto strategy, banner, pay per order", async () => {
    const w = await startWorld();
    await openBids(w, /Новинки для кухни/);
    expect(screenText(w, MANAGER.id)).toContain(
      "автоматическая стратегия (TOP_MAX_CLICKS): ставки задаёт Ozon",
    );
    await openBids(w, /Баннер/);
    expect(screenText(w, MANAGER.id)).toContain("нет ставок на товары");
    await openBids(w, /Оплата за заказ/);
    expect(screenText(w, MANAGER.id)).toContain("кампания с оплатой за заказ");
    expect(bidPuts(w)).toEqual([]);
    // No product list was even asked for these.
    expect(w.sandbox.requests.filter((r) => r.path.endsWith("/v2/products"))).toEqual([]);
  });

  it("pages through many products, and a product of page 2 is the one changed", async () => {
    const w = await startWorld();
    const added = w.sandbox.control.addCampaign("Много товаров", 12);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Много товаров/);
    await tap(w, MANAGER, "🎯 Ставки");
    const products = (w: World) => labels(w, MANAGER.id).filter((l) => / · SKU \d+ · /.test(l));
    expect(screenText(w, MANAGER.id)).toContain("страница 1");
    expect(products(w)).toHaveLength(8);
    await tap(w, MANAGER, "»");
    expect(screenText(w, MANAGER.id)).toContain("страница 2");
    expect(products(w)).toHaveLength(4);
    const target = added.objects[9] as string; // page 2, second button
    expect(products(w)[1]).toContain(` · SKU ${target} · 10${NBSP}₽`);
    await tap(w, MANAGER, ` · SKU ${target} · `);
    expect(screenText(w, MANAGER.id)).toContain(`(SKU ${target})`);
    await say(w, MANAGER, "21");
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(
      `(SKU ${target}) теперь 21${NBSP}₽ (было 10${NBSP}₽)`,
    );
    const bids = await w.client.products.list(added.id);
    expect(bids.filter((p) => p.bid === 21_000_000n).map((p) => p.sku)).toEqual([target]);
  });
});
