// The bare bot of bench/ingress.ts: grammY with its session plugin over Redis (ioredis, a
// GET and a SET of JSON per session as @grammyjs/storage-redis does), answering /help and
// counting other text messages in the session, in webhook mode on node:http as grammY's docs
// show it. BENCH_BARE_REPLY (JSON {text, reply_markup}): /help answers that instead (our bot's
// own /help, so both send and parse replies of the same size).
// node bench/ingress-bare.ts <port>; settings in the environment: BOT_TOKEN, TELEGRAM_API_ROOT,
// REDIS_URL, REDIS_PREFIX, WEBHOOK_SECRET. Prints "ready" once it listens; SIGTERM stops it.
// BENCH_BARE_TRANSPORT=ours: it sends its calls as our bot does (src/bot/core/telegram-transport.ts
// over undici, reply_markup as JSON text), to show what our bot costs beyond its transport.
import { createServer } from "node:http";
import {
  Bot,
  type Context,
  type SessionFlavor,
  type StorageAdapter,
  session,
  webhookCallback,
} from "grammy";
import { Redis } from "ioredis";
import { markupAsJson, telegramFetch } from "../src/bot/core/telegram-transport.ts";

type BareContext = Context & SessionFlavor<{ count: number }>;

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const redis = new Redis(env("REDIS_URL"));
const prefix = `${env("REDIS_PREFIX")}session:`;
const storage: StorageAdapter<{ count: number }> = {
  read: async (key) => {
    const text = await redis.get(prefix + key);
    return text === null ? undefined : (JSON.parse(text) as { count: number });
  },
  write: async (key, value) => {
    await redis.set(prefix + key, JSON.stringify(value));
  },
  delete: async (key) => {
    await redis.del(prefix + key);
  },
};
const ourTransport = process.env.BENCH_BARE_TRANSPORT === "ours";
const bot = new Bot<BareContext>(env("BOT_TOKEN"), {
  client: {
    apiRoot: env("TELEGRAM_API_ROOT"),
    ...(ourTransport ? { timeoutSeconds: 60, fetch: telegramFetch(60) } : {}),
  },
});
if (ourTransport) bot.api.config.use(markupAsJson);
bot.use(
  session({
    initial: () => ({ count: 0 }),
    storage,
  }),
);
const sameReply = process.env.BENCH_BARE_REPLY
  ? (JSON.parse(process.env.BENCH_BARE_REPLY) as { text: string; reply_markup?: never })
  : undefined;
bot.command("help", (ctx) =>
  sameReply
    ? ctx.reply(sameReply.text, { reply_markup: sameReply.reply_markup })
    : ctx.reply("Commands: /start /help"),
);
bot.on("message:text", async (ctx) => {
  ctx.session.count++;
  await ctx.reply(`You wrote ${ctx.session.count} messages`);
});
await bot.init();
const callback = webhookCallback(bot, "http", { secretToken: env("WEBHOOK_SECRET") });
const server = createServer((req, res) => {
  if (req.method === "POST" && req.url === "/telegram") {
    callback(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  } else res.writeHead(404).end();
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => console.log("ready"));
process.once("SIGTERM", () => {
  server.close();
  void redis.quit().then(() => process.exit(0));
});
