/**
 * The buyer context card: the first relayed message of a chat shows the order, the posting's
 * status and the product (name, SKU, price, stock), and one tap opens the posting's card. Later
 * messages do not repeat it; what Ozon fails to give is left out and the message still goes.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { buttonsOf, press, textOf } from "../../harness.ts";
import { type RelayEnv, SELLER, sendsTo, startRelayEnv } from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function newChatAboutPosting() {
  const e = await startRelayEnv();
  env = e;
  await e.module.runOnce();
  const posting = e.sandbox.control.postings()[0];
  if (!posting) throw new Error("no posting");
  // A chat of its own, so its first message is relayed with the card.
  const used = new Set(e.sandbox.control.chats().map((c) => c.postingNumber));
  const free = e.sandbox.control.postings().find((p) => !used.has(p.postingNumber)) ?? posting;
  const chat = e.sandbox.control.addChat({ postingNumber: free.postingNumber });
  return { e, chat, posting: free };
}

describe("the buyer context card", () => {
  it("follows the buyer's words in the chat's first relayed message, and opens the posting in one tap", async () => {
    const { e, chat, posting } = await newChatAboutPosting();
    e.sandbox.control.buyerWrites(chat.id, { text: "Здравствуйте, где заказ?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    const first = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    const line = posting.products[0];
    if (!line) throw new Error("a posting without products");
    const product = e.sandbox.control.products().find((p) => p.sku === line.sku);
    if (!product) throw new Error("the posting's product is not in the catalogue");
    // The buyer's words first, then the product (its SKU says nothing more), then the order once:
    // its status agreeing with it and the price on one line.
    const [words, about, order, ...rest] = textOf(first).split("\n").filter(Boolean);
    expect(words).toBe("Здравствуйте, где заказ?");
    expect(about).toBe(`💬 Buyer · 📦 ${product.name}`);
    expect(order).toMatch(
      new RegExp(`^🧾 Order ${posting.orderNumber} · waiting to be packed · [^·]*\\d`),
    );
    expect(rest).toEqual([]);
    expect(textOf(first)).not.toContain(`SKU ${product.sku}`);
    expect(textOf(first)).not.toContain("http");

    await e.send(press(first, "Open posting", SELLER));
    const card = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    expect(textOf(card)).toContain(posting.postingNumber);

    e.sandbox.control.buyerWrites(chat.id, { text: "Ответьте, пожалуйста" });
    await e.module.runOnce();
    const second = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    expect(textOf(second)).toContain("Ответьте, пожалуйста");
    expect(textOf(second)).not.toContain("₽");
    expect(buttonsOf(second).map((b) => b.text)).not.toContain("📦 Open posting");
  });

  it("leaves out what Ozon does not give, and the message still goes", async () => {
    const { e, chat } = await newChatAboutPosting();
    e.sandbox.control.setFault("/v3/product/info/list", { rate5xx: 1 });
    e.sandbox.control.setFault("/v3/posting/fbs/get", { rate5xx: 1 });
    // Today's chats name the order: its postings come from the list.
    e.sandbox.control.setFault("/v4/posting/fbs/list", { rate5xx: 1 });
    e.sandbox.control.buyerWrites(chat.id, { text: "Есть кто-нибудь?" });
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    const first = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    expect(textOf(first)).toContain("Есть кто-нибудь?");
    // The order (or posting) the chat names, without the status and price Ozon did not give.
    expect(textOf(first)).not.toContain("₽");
    expect(textOf(first)).not.toMatch(/🧾 .* · /);
  });
});
