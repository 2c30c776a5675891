// The fake Bot API of bench/ingress.ts, in a process of its own so that answering the bots'
// replies does not share an event loop with the load: node bench/ingress-telegram.ts
// Prints one JSON line {apiRoot, token, botInfo}, then one {reply: {text, reply_markup}} with the
// first long reply it gets (our bot's /help, for BENCH_INGRESS_BARE_REPLY=ours); forgets
// recorded calls every second (the benchmark sends tens of thousands); runs until stdin closes
// or SIGTERM.
import { FakeBotApi } from "../test/support/fake-bot-api.ts";

const telegram = await FakeBotApi.start();
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
