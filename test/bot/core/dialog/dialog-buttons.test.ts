/**
 * The buttons of guided dialogs are declared in the bot's one registry of button kinds
 * (core/buttons.ts), each dialog's under the string it always had: buttons already on screen
 * (a question sent before an upgrade) must still be read as their dialog's.
 */
import { describe, expect, it } from "vitest";
import { BID_DIALOG } from "../../../../src/bot/ads/campaigns/bid-dialog.ts";
import { BUDGET_DIALOG } from "../../../../src/bot/ads/campaigns/budget-dialog.ts";
import { PERIOD_DIALOG } from "../../../../src/bot/ads/campaigns/period-dialog.ts";
import { REPORT_DIALOG } from "../../../../src/bot/ads/reports/dialog.ts";
import { SCHEDULE_DIALOG } from "../../../../src/bot/ads/schedules/dialog.ts";
import { QUICK_REPLY_DIALOG } from "../../../../src/bot/chats/replies/dialog.ts";
import { declaredButtons } from "../../../../src/bot/core/buttons.ts";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { CLOSE_BUTTON } from "../../../../src/bot/core/dialog/dialog-buttons.ts";
import { cancelData } from "../../../../src/bot/core/dialog/leave-button.ts";
import { CANCEL_POSTING_DIALOG } from "../../../../src/bot/postings/cancel-dialog.ts";
import { HANDOVER_DIALOG } from "../../../../src/bot/postings/handover-dialog.ts";
import { SHIP_DIALOG } from "../../../../src/bot/postings/ship-dialog.ts";
import { PRICE_DIALOG } from "../../../../src/bot/products/price-dialog.ts";
import { STOCK_DIALOG } from "../../../../src/bot/products/stock-dialog.ts";
import { DECIDE_DIALOG } from "../../../../src/bot/returns/decide-dialog.ts";
import { ADD_STORE_DIALOG } from "../../../../src/bot/stores/add-store-dialog.ts";
import { RENAME_STORE_DIALOG } from "../../../../src/bot/stores/rename-dialog.ts";
import { TEST_BOT_TOKEN } from "../../../support/fake-bot-api.ts";

const codec = createCallbackCodec(TEST_BOT_TOKEN);

const DIALOGS = {
  ds: SHIP_DIALOG,
  dc: CANCEL_POSTING_DIALOG,
  dh: HANDOVER_DIALOG,
  dsa: ADD_STORE_DIALOG,
  dsr: RENAME_STORE_DIALOG,
  dqr: QUICK_REPLY_DIALOG,
  rtx: DECIDE_DIALOG,
  dxp: PRICE_DIALOG,
  dxs: STOCK_DIALOG,
  dbi: BID_DIALOG,
  db: BUDGET_DIALOG,
  dpe: PERIOD_DIALOG,
  dr: REPORT_DIALOG,
  dsc: SCHEDULE_DIALOG,
};

describe("dialog buttons", () => {
  it("every dialog's kind and Close are in the registry, under the strings they always had", () => {
    const registry = declaredButtons();
    for (const [kind, declared] of Object.entries(DIALOGS)) {
      expect(declared.kind).toBe(kind);
      expect(registry.get(kind)).toMatch(/^dialog: /);
    }
    expect(CLOSE_BUTTON.kind).toBe("cx");
    expect(registry.get("cx")).toBe("dialog: close");
  });

  it("a dialog's button is `<kind>:<tag>:<owner>:<step>:<value>` and reads back as declared", () => {
    const data = SHIP_DIALOG.data(codec, "Ab_9", 700, "c", "");
    expect(data).toBe(codec.encode("ds", "Ab_9", 700, "c", ""));
    const args = codec.decode(data)?.args ?? [];
    expect(SHIP_DIALOG.parse(args)).toEqual(["Ab_9", 700, "c", ""]);
    // What the bot never makes is not a dialog's press: no owner, no step, a tag with a colon.
    expect(SHIP_DIALOG.parse(["Ab_9", "someone", "c", ""])).toBeUndefined();
    expect(SHIP_DIALOG.parse(["Ab_9", "700"])).toBeUndefined();
    expect(SHIP_DIALOG.parse(["", "700", "c"])).toBeUndefined();
  });

  it("Close is `cx:<owner>:<tag>`; one without them (a conversation that records no run) still reads", () => {
    expect(cancelData(codec, 700, "Ab_9")).toBe(codec.encode("cx", 700, "Ab_9"));
    expect(CLOSE_BUTTON.parse(["700", "Ab_9"])).toEqual([700, "Ab_9"]);
    expect(CLOSE_BUTTON.parse([])).toEqual([]);
  });
});
