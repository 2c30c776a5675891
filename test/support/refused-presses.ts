/**
 * Presses of signed buttons whose arguments do not fit their declaration (core/buttons.ts): each
 * must be refused in one place with the callback-invalid alert, and nothing else may happen — no
 * Ozon request (the sandbox's log), nothing sent or edited (the fake Bot API's calls).
 */
import type { Update, User } from "grammy/types";
import { expect } from "vitest";
import { type CallbackCodec, createCallbackCodec } from "../../src/bot/core/callback-data.ts";
import type { FakeBotApi, RecordedCall } from "./fake-bot-api.ts";
import { callback } from "./updates.ts";

/** The callback-invalid alert in English. */
export const REFUSED_EN = "This button no longer works. Open the menu again: /start";

export interface PressWorld {
  fake: FakeBotApi;
  sandbox: { readonly requests: ReadonlyArray<unknown> };
  send(update: Update): Promise<void>;
}

/** Presses `kind:args…` for each entry as `from` and expects only the refusal, `text`. */
export async function expectRefusedPresses(
  world: PressWorld,
  codec: CallbackCodec,
  from: User,
  pressed: ReadonlyArray<readonly [string, ...string[]]>,
  text = REFUSED_EN,
): Promise<void> {
  for (const [kind, ...args] of pressed) {
    const what = [kind, ...args].join(":");
    const requests = world.sandbox.requests.length;
    const since = world.fake.calls.length;
    await world.send(callback(codec.encode(kind, ...args), { from }));
    expectOnlyRefusal(world.fake.calls.slice(since), what, text);
    expect(world.sandbox.requests.length, what).toBe(requests);
  }
}

/** Who presses, the kind, then the arguments the button carries. */
export type UnfitPress = readonly [User, string, ...string[]];

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
    expectOnlyRefusal(calls, [kind, ...args].join(":"), REFUSED_EN);
  }
}

/** The calls an update made are the refusal alert alone. */
function expectOnlyRefusal(calls: readonly RecordedCall[], label: string, text: string): void {
  expect(
    calls.map((c) => c.method),
    label,
  ).toEqual(["answerCallbackQuery"]);
  expect(calls[0]?.payload, label).toMatchObject({ text, show_alert: true });
}
