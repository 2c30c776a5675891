/**
 * A grammY API transformer that sends `reply_markup` as its JSON text rather than as an object.
 *
 * Telegram's Bot API server reads every field of a JSON body as text: a string field's content,
 * or any other field's JSON as written (tdlib/td, tdnet/td/net/HttpReader.cpp,
 * parse_json_parameters), so `"reply_markup": "{…}"` and `"reply_markup": {…}` are the same
 * request to it (multipart bodies carry it as text anyway). grammY writes its payloads with a
 * replacer function that JSON.stringify calls for every key, and looks through every nested
 * value for files; for a menu of twenty buttons both cost more than the rest of the call
 * (bench/ingress.ts). As text the markup is written by JSON.stringify's own fast path, once for
 * a frozen keyboard that is sent again and again (the /help menu), and looked through not at all.
 *
 * Installed first, so that every other transformer (retries, the send budget, a conversation's
 * replay) sees the markup as the object it was given.
 * Tests: test/bot/core/telegram-transport.test.ts
 */
import type { Transformer } from "grammy";

/** Frozen keyboards are shared and never change: their text is made once. */
const frozenText = new WeakMap<object, string>();

function markupText(markup: object): string {
  if (!Object.isFrozen(markup)) return JSON.stringify(markup);
  let text = frozenText.get(markup);
  if (text === undefined) {
    text = JSON.stringify(markup);
    frozenText.set(markup, text);
  }
  return text;
}

export const markupAsJson: Transformer = (prev, method, payload, signal) => {
  const markup = (payload as { reply_markup?: unknown } | undefined)?.reply_markup;
  if (typeof markup !== "object" || markup === null) return prev(method, payload, signal);
  return prev(method, { ...payload, reply_markup: markupText(markup) } as typeof payload, signal);
};
