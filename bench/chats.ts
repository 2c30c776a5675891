// node bench/chats.ts [--chats 1000]
//
// /chats with many open buyer chats, end to end: the sandbox over HTTP, the real Seller client,
// the bot (relay module, i18n, buttons) and the fake Bot API over HTTP. Each figure is the time
// from the update to the bot's answer, and the Seller API calls it cost:
//   firstOfProcess: the same as cold, the process's very first /chats;
//   cold:  chats the relay never saw (their words are read from Ozon for the page shown);
//   warm:  after the relay passed every buyer message on (words come from its records);
//   next:  the second page (the listing is kept a minute for page turns).
// Target (issue 15): ≤ 1 s with 1 000 open chats, and pages.
import { parseArgs } from "node:util";
import { SELLER, startRelayEnv } from "../test/bot/chats/support.ts";
import { press, textOf } from "../test/bot/harness.ts";
import type { RecordedCall } from "../test/support/fake-bot-api.ts";
import { command } from "../test/support/updates.ts";

const { values: args } = parseArgs({ options: { chats: { type: "string", default: "1000" } } });
const CHATS = Number(args.chats);

const e = await startRelayEnv();
await e.module.runOnce(); // first pass: cursors at the seed's last messages
for (let i = 0; i < CHATS; i++) {
  const chat = e.sandbox.control.addChat();
  e.sandbox.control.buyerWrites(chat.id, { text: `Вопрос покупателя номер ${i}` });
}

function lastToSeller(): RecordedCall {
  const call = e.fake
    .callsTo("sendMessage")
    .concat(e.fake.callsTo("editMessageText"))
    .filter((c) => Number(c.payload.chat_id) === SELLER.id)
    .sort((a, b) => a.seq - b.seq)
    .at(-1);
  if (!call) throw new Error("the bot did not answer");
  return call;
}

async function measure(run: () => Promise<void>) {
  e.sandbox.resetCounters();
  const start = performance.now();
  await run();
  const ms = Math.round(performance.now() - start);
  const counters = e.sandbox.counters();
  const calls = Object.values(counters).reduce((sum, n) => sum + n, 0);
  const screen = lastToSeller();
  const title = textOf(screen).split("\n")[0];
  const page = screen.payload.reply_markup
    ? JSON.stringify(screen.payload.reply_markup).match(/"(\d+ \/ \d+)"/)?.[1]
    : undefined;
  return { ms, ozonCalls: calls, byMethod: counters, title, page, screen };
}

// The first /chats of the process also pays for warming up (JIT, connections); the second not.
const first = await measure(() => e.send(command("chats", { from: SELLER })));
const cold = await measure(() => e.send(command("chats", { from: SELLER })));
const relayStart = performance.now();
const pass = await e.module.runOnce();
const relayMs = Math.round(performance.now() - relayStart);
const warm = await measure(() => e.send(command("chats", { from: SELLER })));
const next = await measure(() => e.send(press(warm.screen, "Next", SELLER)));

const show = ({ screen: _screen, ...figures }: Awaited<ReturnType<typeof measure>>) => figures;
console.log(
  JSON.stringify(
    {
      openChats: CHATS,
      firstOfProcess: show(first),
      cold: show(cold),
      relayPass: { relayed: pass.relayed, ms: relayMs },
      warm: show(warm),
      nextPage: show(next),
      targetMs: 1000,
      met: [first, cold, warm, next].every((m) => m.ms <= 1000),
    },
    null,
    2,
  ),
);
await e.close();
