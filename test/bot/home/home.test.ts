/**
 * Home (issue 40): /start, /help and 🔄 show what needs the person now, for their roles and
 * stores, through the fake Bot API and the sandbox over HTTP (two stores).
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { ChatInbox } from "../../../src/services/chats/inbox/inbox.ts";
import { HOME_READ_TTL_MS } from "../../../src/services/home/shop-reads.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import { group, person } from "../../support/updates.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import {
  ADMIN,
  ADMIN_RU,
  clock,
  closeWorld,
  HOUR,
  open,
  ozonCalls,
  seedPostings,
  startWorld,
} from "./world.ts";

const KEEPER = person(7003, { first_name: "Kim", language_code: "en" });
const MANAGER = person(7004, { first_name: "Max", language_code: "en" });
const MANAGER_RU = person(7006, { first_name: "Маша", language_code: "ru" });
const SELLER = person(7008, { first_name: "Sol", language_code: "en" });
const GROUP = group(-1007005);

afterEach(closeWorld);
const start = () => startWorld();

describe("Home", () => {
  it("an admin of two stores sees what needs them, most urgent first, in English and Russian", async () => {
    const w = await start();
    seedPostings(w);
    const home = await open(w, ADMIN);
    const text = textOf(home);
    expect(text).toContain("🏠 Home");
    expect(text).toContain("📦 To pack: 5 (1 late, 1 due within 2 h)");
    expect(text).toMatch(/as of \d\d:\d\d/);
    expect(text).not.toContain("Buyers waiting");
    const labels = buttonsOf(home).map((b) => b.text);
    expect(labels[0]).toBe("📦 To pack: 5");
    expect(labels).toContain("🔄 Refresh");
    expect(labels).toContain("☰ All jobs");

    // /help: Home on top, then what Home does not show, typed; at most 1 200 characters.
    const help = textOf(await open(w, ADMIN, "help"));
    expect(help).toContain("📦 To pack: 5");
    expect(help).toContain("/audit");
    // What Home shows as a line (/today) or a job button (/invite) is not repeated.
    expect(help).not.toContain("/today");
    expect(help).not.toContain("/invite");
    expect(buttonsOf(home).map((b) => b.text)).toContain("➕ Invite");
    expect(help.length).toBeLessThanOrEqual(1200);
    console.info(`/help for an admin: ${help.length} characters\n${help}`);

    const ru = textOf(await open(w, ADMIN_RU));
    expect(ru).toContain("🏠 Главная");
    expect(ru).toContain("📦 Собрать: 5 (просрочено: 1, срок в ближайшие 2 ч: 1)");
    expect(ru).toMatch(/данные на \d\d:\d\d/);
  });

  it("a warehouse person limited to one store sees nothing of the other", async () => {
    const w = await start();
    seedPostings(w);
    const south = w.shops.all()[1];
    await w.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    await w.access.setScope(KEEPER.id, "warehouse", [south?.id ?? ""]);
    const text = textOf(await open(w, KEEPER));
    expect(text).toContain("📦 To pack: 2");
    expect(text).not.toContain("late");
    expect(text).not.toContain("Stores whose keys");
  });

  it("a manager with nothing to do is told so in one line and offered the jobs to start", async () => {
    const w = await start();
    seedPostings(w);
    await w.access.grant(MANAGER.id, "manager", ADMIN.id);
    const home = await open(w, MANAGER);
    const text = textOf(home);
    expect(text).toContain("✅ Nothing needs you now.");
    expect(text).not.toContain("To pack");
    const labels = buttonsOf(home).map((b) => b.text);
    expect(labels.some((l) => l.includes("Campaigns"))).toBe(true);
    // No Ozon call reads what a manager's Home does not show (postings, chats, returns).
    expect(w.sandbox.requests.filter((r) => r.path.includes("posting"))).toHaveLength(0);
  });

  it("in a group shows the postings of the stores it is subscribed to, nothing private", async () => {
    const w = await start();
    seedPostings(w);
    const north = w.shops.all()[0];
    await new SubscriptionService(w.store).subscribe({
      chatId: GROUP.id,
      kind: "group",
      subscribedBy: ADMIN.id,
    });
    await new SubscriptionService(w.store).setShops(GROUP.id, [north?.id ?? ""]);
    const text = textOf(await open(w, ADMIN, "start", GROUP));
    expect(text).toContain("🏠 This group's work");
    expect(text).toContain("📦 To pack: 3");
    expect(text).not.toContain("Stores whose keys");
    expect(text).not.toContain("Returns");
  });

  it("🔄 redraws the screen in place with the new counts", async () => {
    const w = await start();
    seedPostings(w);
    const home = await open(w, ADMIN);
    expect(textOf(home)).toContain("📦 To pack: 5");
    w.sandbox.stores[1]?.control.addPosting({ shipmentDate: Date.now() + 20 * HOUR });
    // Within the kept reads' time, 🔄 shows the count read then (as "as of" says): nothing to edit.
    let since = w.fake.calls.length;
    await w.bot.handleUpdate(press(home, "🔄", ADMIN));
    expect(w.fake.calls.slice(since).some((c) => /📦 To pack: 6/.test(textOf(c)))).toBe(false);
    // Past it, the redraw shows the new posting, in the same message.
    clock.shiftMs = HOME_READ_TTL_MS + 1_000;
    since = w.fake.calls.length;
    await w.bot.handleUpdate(press(home, "🔄", ADMIN));
    const edit = await w.fake.waitForCall("editMessageText", () => true, 5_000, { since });
    expect(edit.payload.message_id).toBe(sentMessage(home).message_id);
    expect(w.fake.calls.slice(since).filter((c) => c.method === "sendMessage")).toHaveLength(0);
    expect(textOf(edit)).toContain("📦 To pack: 6");
  });

  it("20 opens in a minute make the Ozon calls of one", async () => {
    const w = await start();
    seedPostings(w);
    const before = ozonCalls(w);
    await open(w, ADMIN);
    const one = ozonCalls(w) - before;
    expect(one).toBeGreaterThan(0);
    const people: User[] = [];
    for (let i = 0; i < 19; i++) people.push(person(7100 + i, { language_code: "en" }));
    for (const someone of people) await w.access.grant(someone.id, "warehouse", ADMIN.id);
    await Promise.all(people.map((someone) => open(w, someone)));
    expect(ozonCalls(w) - before).toBe(one);
    console.info(`Home: Ozon calls for 1 open = ${one}, for 20 opens = ${ozonCalls(w) - before}`);
  });

  it("questions and reviews without an answer: a line each, summed over the stores, named on their screen", async () => {
    const w = await start();
    const [north, south] = w.sandbox.stores;
    north?.control.addQuestion({});
    north?.control.addQuestion({});
    const done = south?.control.addQuestion({});
    south?.control.addQuestion({});
    south?.control.addReview({ rating: 2 });
    // A question set aside (processed) no longer waits.
    await w.sellers[1]?.questions.setQuestionStatus([done?.id ?? ""], "PROCESSED");
    const home = await open(w, ADMIN);
    const text = textOf(home);
    expect(text).toContain("❓ Questions without an answer: 3");
    expect(text).toContain("⭐ Reviews without an answer: 1");
    // One line for all stores: the stores are named only on the screen behind it.
    expect(text).not.toContain("North");
    const since = w.fake.calls.length;
    await w.bot.handleUpdate(press(home, /❓/, ADMIN));
    const feed = await w.fake.waitForCall("editMessageText", () => true, 5_000, { since });
    expect(textOf(feed)).toContain("North: 2");
    expect(textOf(feed)).toContain("South: 1");
    expect(textOf(feed)).toContain("reply to it");
    expect(buttonsOf(feed).map((b) => b.text)).toEqual(["⬅️ Home"]);

    const ru = textOf(await open(w, ADMIN_RU));
    expect(ru).toContain("❓ Вопросы без ответа: 3");
    expect(ru).toContain("⭐ Отзывы без ответа: 1");
  });

  it("a store whose seller lacks the subscription: its questions and reviews are left out, Home stands", async () => {
    const w = await start();
    const [north, south] = w.sandbox.stores;
    north?.control.addQuestion({});
    north?.control.addReview({});
    south?.control.addQuestion({});
    north?.control.setPremiumPlus(false);
    north?.control.setReviewsSubscription(false);
    const text = textOf(await open(w, ADMIN));
    expect(text).toContain("❓ Questions without an answer: 1");
    expect(text).not.toContain("Reviews without an answer");
    expect(text).not.toContain("Not read just now");
    // The refusal is kept like a read: the next open does not ask Ozon again.
    const asked = w.sandbox.requests.filter((r) => r.path.endsWith("/count")).length;
    await open(w, ADMIN);
    expect(w.sandbox.requests.filter((r) => r.path.endsWith("/count"))).toHaveLength(asked);
  });

  it("a seller limited to one store sees only that store's questions and chats", async () => {
    const w = await start();
    const [north, south] = w.sandbox.stores;
    north?.control.addQuestion({});
    north?.control.addQuestion({});
    south?.control.addQuestion({});
    await w.access.grant(SELLER.id, "seller", ADMIN.id);
    await w.access.setScope(SELLER.id, "seller", [w.shops.all()[1]?.id ?? ""]);
    const text = textOf(await open(w, SELLER));
    expect(text).toContain("❓ Questions without an answer: 1");
    expect(text).not.toContain("To pack");
  });

  it("a manager's Home in Russian, and a group's, show no questions", async () => {
    const w = await start();
    w.sandbox.stores[0]?.control.addQuestion({});
    await w.access.grant(MANAGER_RU.id, "manager", ADMIN.id);
    const ru = textOf(await open(w, MANAGER_RU));
    expect(ru).toContain("✅ Сейчас вас ничего не ждёт.");
    expect(ru).not.toContain("❓");
    await new SubscriptionService(w.store).subscribe({
      chatId: GROUP.id,
      kind: "group",
      subscribedBy: ADMIN.id,
    });
    const inGroup = textOf(await open(w, ADMIN, "start", GROUP));
    expect(inGroup).toContain("✅ Nothing waits for this group now.");
    expect(inGroup).not.toContain("❓");
  });

  it("in a group: the chats relayed there and its warehouses' postings, nothing private (en and ru)", async () => {
    const w = await start();
    seedPostings(w);
    const [north] = w.sandbox.stores;
    const shop = w.shops.all()[0];
    if (!north || !shop) throw new Error("no store");
    // Two buyers wait in North: one relayed to the group, the other to a person only.
    const inbox = new ChatInbox(shop.store);
    for (const [i, chatId] of [GROUP.id, ADMIN.id].entries()) {
      const chat = north.control.addChat();
      const said = north.control.buyerWrites(chat.id, { text: `Здравствуйте ${i}` });
      await inbox.recordRelayed(
        chat.id,
        { id: said.id, createdAt: said.createdAt, snippet: said.text ?? "" },
        [{ chatId, messageId: 10 + i, locale: "ru" }],
      );
    }
    north.control.addQuestion({});
    w.sandbox.stores[1]?.control.addReview({});
    const subscriptions = new SubscriptionService(w.store);
    await subscriptions.subscribe({ chatId: GROUP.id, kind: "group", subscribedBy: ADMIN.id });
    await subscriptions.setShops(GROUP.id, [w.shops.all()[1]?.id ?? ""]);

    const inGroup = textOf(await open(w, ADMIN, "start", GROUP));
    expect(inGroup).toContain("🏠 This group's work");
    expect(inGroup).toContain("💬 Buyers waiting: 1");
    expect(inGroup).toContain("📦 To pack: 2");
    for (const privateJob of ["❓", "⭐", "Returns", "Stores whose keys", "Stalled", "🔴", "📉"]) {
      expect(inGroup).not.toContain(privateJob);
    }
    const inGroupRu = textOf(await open(w, ADMIN_RU, "start", GROUP));
    expect(inGroupRu).toContain("🏠 Работа группы");
    expect(inGroupRu).toContain("💬 Покупатели ждут ответа: 1");
    expect(inGroupRu).toContain("📦 Собрать: 2");

    // The admin's own Home counts both buyers, and the questions and reviews.
    const own = textOf(await open(w, ADMIN));
    expect(own).toContain("💬 Buyers waiting: 2");
    expect(own).toContain("❓ Questions without an answer: 1");
  });
});
