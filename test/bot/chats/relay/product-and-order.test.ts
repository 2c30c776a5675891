/**
 * A relayed buyer message says which product the chat is about by name (read from the Seller
 * API once, then kept) and links the order in the seller's Ozon account; when the name cannot
 * be read, the message still goes, with the SKU only.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { person } from "../../../support/updates.ts";
import { buttonsOf, textOf } from "../../harness.ts";
import {
  ADMIN,
  openBuyerChats,
  type RelayEnv,
  SELLER,
  sendsTo,
  startRelayEnv,
} from "../support.ts";

const PRODUCT_INFO = "POST /v3/product/info/list";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/**
 * An open buyer chat about an order, and the name of its product in the sandbox. Its messages
 * are written minutes apart: each starts a burst of its own, so each carries the full header.
 */
async function chatAboutOrder() {
  let now = Date.now();
  const e = await startRelayEnv({ sandbox: { now: () => now } });
  env = e;
  await e.module.runOnce();
  const chat = openBuyerChats(e.sandbox).find((c) => c.orderNumber && c.postingNumber);
  if (!chat?.orderNumber || !chat.postingNumber) throw new Error("no buyer chat about an order");
  const sku = e.sandbox.control.posting(chat.postingNumber)?.products[0]?.sku;
  const product = e.sandbox.control.products().find((p) => p.sku === sku);
  if (!product) throw new Error("the posting's product is not in the catalogue");
  const relay = async (body: string, to = SELLER.id) => {
    now += 5 * 60_000;
    e.sandbox.control.buyerWrites(chat.id, { text: body });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    return textOf(sendsTo(e.fake, to).at(-1) as RecordedCall);
  };
  /** The order's link button under the last message `to` got. */
  const link = (to = SELLER.id) =>
    buttonsOf(sendsTo(e.fake, to).at(-1) as RecordedCall).find((b) => b.url !== undefined);
  return { e, orderNumber: chat.orderNumber, product, relay, link };
}

const ORDER_URL = "https://seller.ozon.ru/app/postings/fbs?search=";

describe("a relayed buyer message about an order", () => {
  it("names the product, links the order in the Ozon account, and asks Ozon for the name once", async () => {
    const { e, orderNumber, product, relay, link } = await chatAboutOrder();
    const said = await relay("Где мой заказ?");
    // The words first; the product (no SKU beside its name); the order once; no raw URL.
    const [words, blank, about, order, ...rest] = said.split("\n");
    expect([words, blank, about]).toEqual(["Где мой заказ?", "", `💬 Buyer · 📦 ${product.name}`]);
    expect(order).toMatch(new RegExp(`^🧾 Order ${orderNumber}( · .+)?$`));
    expect(rest).toEqual([]);
    expect(said).not.toContain("http");
    expect(link()).toEqual({
      text: "🔗 Order in Ozon",
      url: `${ORDER_URL}${encodeURIComponent(orderNumber)}`,
    });
    const asked = e.sandbox.counters()[PRODUCT_INFO];
    expect(asked).toBe(1);

    expect(await relay("Ау?")).toContain(`📦 ${product.name}`);
    expect(e.sandbox.counters()[PRODUCT_INFO]).toBe(asked);
  });

  it("is written in the seller's language", async () => {
    const { e, orderNumber, product, relay, link } = await chatAboutOrder();
    const russian = person(705, { first_name: "Ира", language_code: "ru" });
    await e.access.grant(russian.id, "seller", ADMIN.id);
    await e.access.setLocale({ id: russian.id, firstName: "Ира" }, "ru");
    const said = await relay("Добрый день", russian.id);
    expect(said).toContain(`📦 ${product.name}`);
    expect(said).toContain(`🧾 Заказ ${orderNumber}`);
    expect(link(russian.id)).toEqual({
      text: "🔗 Заказ в Ozon",
      url: `${ORDER_URL}${encodeURIComponent(orderNumber)}`,
    });
  });

  it("still goes without the name when Ozon cannot give it, and names it once Ozon can", async () => {
    const { e, product, relay, link } = await chatAboutOrder();
    e.sandbox.control.setFault(PRODUCT_INFO, { rate5xx: 1, status5xx: 503 });
    const said = await relay("Здравствуйте");
    expect(said).toContain(`SKU ${product.sku}`);
    expect(said).toContain("Здравствуйте");
    expect(said).not.toContain("📦");
    expect(link()?.url).toContain(ORDER_URL);

    e.sandbox.control.clearFaults(PRODUCT_INFO);
    expect(await relay("Есть кто?")).toContain(`📦 ${product.name}`);
  });
});
