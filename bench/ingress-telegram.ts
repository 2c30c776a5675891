// The fake Bot API of bench/ingress.ts, in a process of its own so that answering the bots'
// replies does not share an event loop with the load: node bench/ingress-telegram.ts
// Prints one JSON line {apiRoot, token, botInfo}, then one {reply: {text, reply_markup}} with the
// first long reply it gets (our bot's /help, for BENCH_INGRESS_BARE_REPLY=ours); forgets
// recorded calls every second (the benchmark sends tens of thousands); runs until stdin closes
// or SIGTERM.
import { FakeBotApi } from "../test/support/fake-bot-api.ts";

// Connections kept open as Telegram keeps them: at the fake's default (1 s) Node's agent opens a
// new connection for every call, which both bots would pay for a reply (internalConnect was the
// bare bot's largest function).
const telegram = await FakeBotApi.start({ keepAliveMs: 60_000 });
process.stdout.write(
  `${JSON.stringify({ apiRoot: telegram.apiRoot, token: telegram.token, botInfo: telegram.botInfo })}\n`,
);
telegram
  .waitForCall("sendMessage", (call) => String(call.payload.text).length > 100, 600_000)
  .then(({ payload }) => {
    const reply = { text: payload.text, reply_markup: payload.reply_markup };
    process.stdout.write(`${JSON.stringify({ reply })}\n`);
  })
  .catch(() => undefined);
const forget = setInterval(() => {
  telegram.calls.length = 0;
}, 1000);
const stop = () => {
  clearInterval(forget);
  void telegram.close().then(() => process.exit(0));
};
process.stdin.on("end", stop).resume();
process.once("SIGTERM", stop);
