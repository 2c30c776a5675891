/**
 * How the bot's Bot API calls go out: the bytes and the markup.
 *
 * The bytes: grammY's client over undici's `request` and one keep-alive
 * pool for the process, in place of node-fetch over node:http. grammY still builds the payload
 * (JSON or a multipart stream), times the call out through its signal, and reads the answer as
 * JSON; this only carries the bytes. node-fetch and node's http client were about a fifth of a
 * /help's CPU; undici's client saves about 60 µs of it per call (bench/ingress.ts with
 * BENCH_INGRESS_PROFILE).
 *
 * The answer is capped (MAX_ANSWER_BYTES: a larger one fails the call with an HttpError), and
 * undici's own waits are set to grammY's timeout, so the signal stays the one that decides.
 *
 * The markup (markupAsJson): a grammY API transformer that sends `reply_markup` as its JSON text
 * rather than as an object.
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
import type { ApiClientOptions, Transformer } from "grammy";
import { Agent, request } from "undici";

/** Bot API answers are JSON; getUpdates with 100 updates stays far below this. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

type GrammyFetch = NonNullable<ApiClientOptions["fetch"]>;

/** What grammY's client passes to `fetch` (core/client.js): its payload, headers and signal. */
interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | NodeJS.ReadableStream;
  signal?: AbortSignal;
}

/** One pool per setting for every bot of the process, as grammY's own keep-alive agents are. */
const pools = new Map<string, Agent>();

function agentFor(timeoutMs: number, maxAnswerBytes: number): Agent {
  const key = `${timeoutMs}|${maxAnswerBytes}`;
  let agent = pools.get(key);
  if (agent === undefined) {
    agent = new Agent({
      keepAliveTimeout: 30_000,
      connect: { timeout: Math.min(timeoutMs, 10_000) },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      maxResponseSize: maxAnswerBytes,
    });
    pools.set(key, agent);
  }
  return agent;
}

/**
 * grammY's `client.fetch` over undici. `timeoutSeconds`: the client's own (grammY aborts at it;
 * undici's waits are the same, a bound should the signal ever be missing).
 */
export function telegramFetch(
  timeoutSeconds: number,
  maxAnswerBytes = MAX_ANSWER_BYTES,
): GrammyFetch {
  const dispatcher = agentFor(timeoutSeconds * 1000, maxAnswerBytes);
  const fetch = async (url: string, init: FetchInit = {}) => {
    const answer = await request(url, {
      method: init.method === "GET" ? "GET" : "POST",
      headers: init.headers,
      // A string (JSON) or grammY's multipart stream (a Readable), both of which undici sends.
      body: init.body as string | undefined,
      signal: init.signal,
      dispatcher,
    });
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      json: () => answer.body.json(),
      text: () => answer.body.text(),
    };
  };
  // grammY types the option as the global fetch; it calls only fetch(url, init) and .json().
  return fetch as unknown as GrammyFetch;
}

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
