/**
 * Presses of signed buttons whose arguments do not fit their kind (core/buttons.ts): each must be
 * answered with the English "This button no longer works" alert and nothing else — no message
 * sent or edited, no other Bot API call.
 */
import type { Update, User } from "grammy/types";
import { expect } from "vitest";
import { createCallbackCodec } from "../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "./fake-bot-api.ts";
import { callback } from "./updates.ts";

/** Who presses, the kind, then the arguments the button carries. */
export type UnfitPress = readonly [User, string, ...string[]];

const NO_LONGER_WORKS = "This button no longer works. Open the menu again: /start";

/**
 * Sends each press, signed with the bot's `token`, through `exchange` (which returns the Bot API
 * calls the update made) and expects it refused.
 */
export async function expectUnfitRefused(
  exchange: (update: Update) => Promise<RecordedCall[]>,
  token: string,
  presses: readonly UnfitPress[],
): Promise<void> {
  const codec = createCallbackCodec(token);
  for (const [from, kind, ...args] of presses) {
    const calls = await exchange(callback(codec.encode(kind, ...args), { from }));
    const label = [kind, ...args].join(":");
    expect(
      calls.map((c) => c.method),
      label,
    ).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.show_alert, label).toBe(true);
    expect(calls[0]?.payload.text, label).toBe(NO_LONGER_WORKS);
  }
}
