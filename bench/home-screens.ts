// node bench/home-screens.ts   (npm run bench -- home-screens)
//
// Home as each role sees it (admin of two stores, warehouse person of one store, seller, manager,
// a group), in Russian and English, with what needs them in the sandbox: postings to pack (one
// late, one due soon), a buyer waiting (relayed to the group), questions and reviews without an
// answer, an own delivery on its way. Then each role's /help (text and size) and command menu
// (entries), the figures issue 40's note gives. Built on Home's test world (test/bot/home/world.ts).
import type { User } from "grammy/types";
import { createI18n } from "../src/bot/core/i18n.ts";
import { menuCommands } from "../src/bot/core/person-menus.ts";
import { createLogger } from "../src/logger.ts";
import type { Role } from "../src/services/access/index.ts";
import { ChatInbox } from "../src/services/chats/inbox/inbox.ts";
import { SubscriptionService } from "../src/services/subscriptions.ts";
import { buttonsOf, textOf } from "../test/bot/harness.ts";
import { closeWorld, open, seedPostings, startWorld, type World } from "../test/bot/home/world.ts";
import type { RecordedCall } from "../test/support/fake-bot-api.ts";
import { group, person } from "../test/support/updates.ts";

const GROUP = group(-1009001, { title: "Склад" });

interface Viewer {
  name: string;
  role: Role;
  /** Limited to the second store (South). */
  oneStore?: boolean;
  group?: boolean;
}

const VIEWERS: Viewer[] = [
  { name: "admin", role: "admin" },
  { name: "warehouse (South only)", role: "warehouse", oneStore: true },
  { name: "seller", role: "seller" },
  { name: "manager", role: "manager" },
  { name: "group (subscribed to South)", role: "warehouse", group: true },
];

function keyboardOf(call: RecordedCall): string {
  const rows = (call.payload.reply_markup as { inline_keyboard?: Array<Array<{ text: string }>> })
    ?.inline_keyboard;
  return (rows ?? []).map((row) => row.map((b) => `[${b.text}]`).join(" ")).join("\n");
}

async function seed(w: World): Promise<void> {
  seedPostings(w);
  const [north, south] = w.sandbox.stores;
  const shop = w.shops.all()[0];
  if (!north || !south || !shop) throw new Error("two stores expected");
  const chat = north.control.addChat();
  const said = north.control.buyerWrites(chat.id, { text: "Здравствуйте! Когда отправите?" });
  await new ChatInbox(shop.store).recordRelayed(
    chat.id,
    { id: said.id, createdAt: said.createdAt, snippet: said.text ?? "" },
    [{ chatId: GROUP.id, messageId: 1, locale: "ru" }],
  );
  north.control.addQuestion({});
  south.control.addQuestion({});
  south.control.addReview({ rating: 2 });
  south.control.addOwnDelivery({ status: "delivering" });
  const subscriptions = new SubscriptionService(w.store);
  await subscriptions.subscribe({ chatId: GROUP.id, kind: "group", subscribedBy: 1 });
  await subscriptions.setShops(GROUP.id, [w.shops.all()[1]?.id ?? ""]);
}

const w = await startWorld();
try {
  await seed(w);
  const i18n = createI18n({ defaultLocale: "ru", logger: createLogger({ level: "silent" }) });
  const sizes: string[] = [];
  let id = 9100;
  for (const lang of ["ru", "en"] as const) {
    console.log(`\n# ${lang === "ru" ? "Russian" : "English"}`);
    for (const viewer of VIEWERS) {
      const who: User = person(id++, { first_name: viewer.name, language_code: lang });
      if (viewer.role !== "admin") await w.access.grant(who.id, viewer.role, 1);
      else await w.access.grant(who.id, "admin", 1);
      if (viewer.oneStore) {
        await w.access.setScope(who.id, viewer.role, [w.shops.all()[1]?.id ?? ""]);
      }
      const home = await open(w, who, "start", viewer.group ? GROUP : undefined);
      console.log(`\n## Home — ${viewer.name} (${lang}): ${textOf(home).length} characters`);
      console.log(`${textOf(home)}\n${keyboardOf(home)}`);
      if (viewer.group) continue;
      const help = await open(w, who, "help");
      const found = await w.access.lookup(who.id);
      const menu = menuCommands(found.person, (key, vars) => i18n.t(lang, key, vars));
      console.log(`\n## /help — ${viewer.name} (${lang}): ${textOf(help).length} characters`);
      console.log(textOf(help));
      console.log(`\n## Menu — ${viewer.name} (${lang}): ${menu.length} entries`);
      for (const c of menu) console.log(`/${c.command} — ${c.description}`);
      sizes.push(
        `| ${viewer.name} | ${lang} | ${textOf(home).length} | ${buttonsOf(home).length} | ${textOf(help).length} | ${menu.length} |`,
      );
    }
  }
  console.log("\n## Sizes\n");
  console.log("| role | lang | Home chars | Home buttons | /help chars | menu entries |");
  console.log("|---|---|---|---|---|---|");
  for (const row of sizes) console.log(row);
} finally {
  await closeWorld();
}
