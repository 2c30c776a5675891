/**
 * What the bot's texts cost per update (node bench/i18n.ts, or npm run bench -- i18n).
 *
 * One "update" is what a menu screen asks of i18n: the plugin's middleware runs for the context
 * (as for every update), then `ctx.t` gives 12 button labels (attributes), 2 plain texts and
 * 2 texts with variables (a name and roles; a count), alternately in Russian and English. Measured
 * for the bot's createI18n and for the @grammyjs/i18n plugin as is (same files and options), in
 * the same process, each BENCH_I18N_ROUNDS (5) rounds of BENCH_I18N_UPDATES (20 000); the median
 * round is printed. Before anything is measured, both must give the same texts.
 *
 * For scale: bench/bot.ts targets 2 000 updates/s, 500 µs per update for the whole stack.
 */
import { I18n, type I18nFlavor, type Warning } from "@grammyjs/i18n";
import {
  createI18n,
  LOCALES_DIR,
  type Locale,
  type LocalizedContext,
} from "../src/bot/core/i18n.ts";
import { createLogger } from "../src/logger.ts";

const UPDATES = Number(process.env.BENCH_I18N_UPDATES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_I18N_ROUNDS ?? 5);

const BUTTONS = [
  "start",
  "help",
  "postings",
  "ship",
  "cancel_posting",
  "subscribe",
  "unsubscribe",
  "budget",
  "report",
  "invite",
  "users",
  "language",
].map((name) => `command-${name}.button`);

/** The texts of one screen, through the context the middleware prepared. */
function screen(ctx: LocalizedContext & I18nFlavor): string[] {
  const texts = BUTTONS.map((key) => ctx.t(key));
  texts.push(ctx.t("role-admin"), ctx.t("access-request-button"));
  texts.push(ctx.t("welcome-person", { name: "Анна Петрова", roles: "администратор" }));
  texts.push(ctx.t("users-title", { count: 12 }));
  return texts;
}

function pluginAsIs(): I18n<LocalizedContext> {
  return new I18n<LocalizedContext>({
    defaultLocale: "ru",
    directory: LOCALES_DIR,
    useSession: false,
    fluentBundleOptions: { useIsolating: false },
    fluentOptions: { warningHandler: (_: Warning) => {} },
    localeNegotiator: (ctx) => ctx.locale,
  });
}

async function update(i18n: ReturnType<I18n<LocalizedContext>["middleware"]>, locale: Locale) {
  const ctx = { locale } as LocalizedContext & I18nFlavor;
  let texts: string[] = [];
  await i18n(ctx, async () => {
    texts = screen(ctx);
  });
  return texts;
}

async function round(middleware: ReturnType<I18n<LocalizedContext>["middleware"]>) {
  const started = performance.now();
  for (let i = 0; i < UPDATES; i++) await update(middleware, i % 2 === 0 ? "ru" : "en");
  return performance.now() - started;
}

const setups: Array<[string, I18n<LocalizedContext>]> = [
  [
    "createI18n (the bot's)",
    createI18n({ defaultLocale: "ru", logger: createLogger({ level: "silent" }) }),
  ],
  ["@grammyjs/i18n as is", pluginAsIs()],
];

const [[, ours], [, plain]] = setups as [
  [string, I18n<LocalizedContext>],
  [string, I18n<LocalizedContext>],
];
for (const locale of ["ru", "en"] as const) {
  const a = await update(ours.middleware(), locale);
  const b = await update(plain.middleware(), locale);
  if (JSON.stringify(a) !== JSON.stringify(b) || a.some((text) => text.startsWith("{"))) {
    console.error("The set-ups disagree on the texts:", a, b);
    process.exit(1);
  }
}

const perText = BUTTONS.length + 4;
console.log(`${UPDATES} updates × ${ROUNDS} rounds, ${perText} texts per update (median round)`);
const times = new Map<string, number[]>();
for (let r = 0; r < ROUNDS; r++) {
  // Interleaved, so a busy moment of the machine falls on both set-ups alike.
  for (const [name, i18n] of setups) {
    const ms = await round(i18n.middleware());
    times.set(name, [...(times.get(name) ?? []), ms]);
  }
}
for (const [name, list] of times) {
  const median = [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const perUpdate = (median * 1000) / UPDATES;
  console.log(
    `  ${name.padEnd(24)} ${perUpdate.toFixed(1).padStart(7)} µs/update` +
      `  ${(perUpdate / perText).toFixed(2).padStart(6)} µs/text` +
      `  ${Math.round(UPDATES / (median / 1000))
        .toString()
        .padStart(8)} updates/s`,
  );
}
