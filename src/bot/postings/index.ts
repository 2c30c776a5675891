/**
 * Postings: alerts, cards, pack, cancel, labels, /today, /find, /handover. What other
 * capabilities and the bot's wiring may use of this folder; everything else stays inside.
 * Tests: none directly (reached through test/bot/products/harness.ts, test/bot/sales/harness.ts)
 */
export { OPEN_DELIVERY_CARD, WRITE_TO_BUYER } from "./buttons.ts";
export { MAX_PHOTO_BYTES, pickPhotoSize } from "./find-photo.ts";
export { describeOzonError, formatPrice, postingCard, problemText } from "./format.ts";
export { postingKeyboard } from "./keyboards.ts";
export { createPostingsModule } from "./module.ts";
export type { SellerShop } from "./posting-shop.ts";
