/**
 * Every command and every button checks the role of the person who sent or pressed it, in
 * private chats and in groups; forged or stale buttons get a clear answer and do nothing.
 */
import type { Chat, Update, User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import {
  type Audience,
  COMMANDS,
  type CommandName,
  PLANNED_COMMANDS,
} from "../../../src/bot/core/commands.ts";
import type { Role } from "../../../src/services/access/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, group, person, text } from "../../support/updates.ts";
import { type Harness, startBot, textOf } from "../harness.ts";

const ADMIN = person(101, { first_name: "Ada", language_code: "en" });
const SELLER = person(102, { first_name: "Sam", language_code: "en" });
const WAREHOUSE = person(103, { first_name: "Wes", language_code: "en" });
const MANAGER = person(104, { first_name: "Max", language_code: "en" });
const STRANGER = person(105, { first_name: "Stan", language_code: "en" });
const GROUP = group(-100500, { title: "Shop team" });

const HOLDER: Record<Role, User> = {
  admin: ADMIN,
  seller: SELLER,
  warehouse: WAREHOUSE,
  manager: MANAGER,
};

const STRANGER_TEXT = `Your Telegram id: ${STRANGER.id}`;
const DENIED_TEXT = "This is only for these roles";

let h: Harness;
let codec: ReturnType<typeof createCallbackCodec>;

beforeAll(async () => {
  h = await startBot({ adminIds: [ADMIN.id] });
  codec = createCallbackCodec(h.fake.token);
  await h.access.grant(SELLER.id, "seller");
  await h.access.grant(WAREHOUSE.id, "warehouse");
  await h.access.grant(MANAGER.id, "manager");
});
afterAll(() => h.close());

/** Handles an update and returns the calls it caused (handleUpdate waits for all of them). */
async function callsFor(update: Update): Promise<RecordedCall[]> {
  const since = h.fake.calls.length;
  await h.send(update);
  return h.fake.calls.slice(since);
}

function sentTexts(calls: RecordedCall[]): string[] {
  return calls
    .filter((c) => c.method === "sendMessage" || c.method === "editMessageText")
    .map(textOf);
}

function allowedFor(audience: Audience): User {
  if (audience === "everyone" || audience === "people") return SELLER;
  return HOLDER[audience[0] as Role];
}

function refusedFor(audience: Audience): User[] {
  if (audience === "everyone") return [];
  if (audience === "people") return [STRANGER];
  const lacking = (Object.keys(HOLDER) as Role[]).find(
    (role) => role !== "admin" && !audience.includes(role),
  );
  return [STRANGER, HOLDER[lacking ?? "seller"]];
}

const CHATS: Array<{ name: string; chat?: Chat; botUsername?: string }> = [
  { name: "private chat" },
  { name: "group", chat: GROUP, botUsername: "ozon_test_bot" },
];

describe("commands", () => {
  for (const spec of COMMANDS) {
    for (const where of CHATS) {
      const allowed =
        spec.name === "start" || spec.name === "help" ? SELLER : allowedFor(spec.audience);
      it(`/${spec.name} in a ${where.name}: allowed for ${allowed.first_name}`, async () => {
        const calls = await callsFor(
          command(spec.name, { from: allowed, chat: where.chat, botUsername: where.botUsername }),
        );
        const texts = sentTexts(calls);
        expect(texts.length).toBeGreaterThan(0);
        for (const t of texts) {
          expect(t).not.toContain(DENIED_TEXT);
          expect(t).not.toContain("Your Telegram id");
        }
        if (PLANNED_COMMANDS.includes(spec.name as CommandName)) {
          expect(texts[0]).toContain(`/${spec.name} command is coming`);
        }
      });

      const refused =
        spec.name === "start" || spec.name === "help" ? [STRANGER] : refusedFor(spec.audience);
      for (const who of refused) {
        it(`/${spec.name} in a ${where.name}: refused for ${who.first_name}`, async () => {
          const calls = await callsFor(
            command(spec.name, { from: who, chat: where.chat, botUsername: where.botUsername }),
          );
          const texts = sentTexts(calls);
          expect(texts).toHaveLength(1);
          expect(texts[0]).toContain(who === STRANGER ? STRANGER_TEXT : DENIED_TEXT);
          // The refusal goes to the chat where the command was sent.
          expect(calls[0]?.payload.chat_id).toBe(where.chat?.id ?? who.id);
        });
      }
    }
  }

  it("an admin may use every command (admin counts as every role)", async () => {
    for (const spec of COMMANDS) {
      const texts = sentTexts(await callsFor(command(spec.name, { from: ADMIN })));
      // An answer, and not a refusal: silence would mean the command did nothing for the admin.
      expect(texts.length, `/${spec.name} answered the admin`).toBeGreaterThan(0);
      expect(texts.join("\n")).not.toContain(DENIED_TEXT);
      expect(texts.join("\n")).not.toContain("Your Telegram id");
    }
  });

  it("a stranger's refusal shows their Telegram id, in their language", async () => {
    const ru = person(106, { language_code: "ru" });
    const [reply] = sentTexts(await callsFor(command("start", { from: ru })));
    expect(reply).toContain("Ваш Telegram id: 106");
    expect(reply).toContain("администратору");
  });

  it("a stranger writing in a private chat is refused; in a group the bot stays quiet", async () => {
    const [reply] = sentTexts(await callsFor(text("hello", { from: STRANGER })));
    expect(reply).toContain(STRANGER_TEXT);
    expect(await callsFor(text("hello all", { from: STRANGER, chat: GROUP }))).toEqual([]);
  });
});

interface ButtonCase {
  name: string;
  data: () => string;
  allowed: User;
  refused: User[];
  /** What the allowed press shows (a new or edited message), checked when given. */
  shows?: RegExp;
}

const BUTTONS: ButtonCase[] = [
  ...COMMANDS.filter((c) => c.button).map(
    (c): ButtonCase => ({
      name: `menu /${c.name}`,
      data: () => codec.encode("m", c.name),
      allowed: allowedFor(c.audience),
      refused: refusedFor(c.audience),
    }),
  ),
  {
    name: "invite role",
    data: () => codec.encode("iv", "warehouse"),
    allowed: ADMIN,
    refused: [STRANGER, SELLER, WAREHOUSE],
    shows: /https:\/\/t\.me\/ozon_test_bot\?start=/,
  },
  {
    name: "users page",
    data: () => codec.encode("us", "p", 0),
    allowed: ADMIN,
    refused: [STRANGER, MANAGER],
    shows: /People with access/,
  },
  {
    name: "users grant",
    data: () => codec.encode("us", "g", SELLER.id, "manager", 0),
    allowed: ADMIN,
    refused: [STRANGER, SELLER, WAREHOUSE],
    shows: /Roles: .*manager/,
  },
  {
    name: "language",
    data: () => codec.encode("lg", "en"),
    allowed: STRANGER,
    refused: [],
    shows: /Language: English/,
  },
  {
    name: "cancel",
    data: () => codec.encode("cx"),
    allowed: SELLER,
    refused: [STRANGER],
    shows: /No dialog is open/,
  },
];

describe("buttons", () => {
  for (const button of BUTTONS) {
    for (const where of CHATS) {
      it(`${button.name} in a ${where.name}: allowed for ${button.allowed.first_name}`, async () => {
        const calls = await callsFor(
          callback(button.data(), { from: button.allowed, chat: where.chat }),
        );
        const answers = calls.filter((c) => c.method === "answerCallbackQuery");
        expect(answers.length).toBeGreaterThan(0);
        for (const answer of answers) {
          expect(String(answer.payload.text ?? "")).not.toContain(DENIED_TEXT);
          expect(String(answer.payload.text ?? "")).not.toContain("Your Telegram id");
        }
        if (button.shows) expect(sentTexts(calls).join("\n")).toMatch(button.shows);
      });

      for (const who of button.refused) {
        it(`${button.name} in a ${where.name}: refused for ${who.first_name}, nothing done`, async () => {
          const invitesBefore = (await h.store.list("invite:")).length;
          const rolesBefore = JSON.stringify(await h.access.listPeople());
          const calls = await callsFor(callback(button.data(), { from: who, chat: where.chat }));
          expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
          expect(calls[0]?.payload.show_alert).toBe(true);
          expect(String(calls[0]?.payload.text)).toContain(
            who === STRANGER ? STRANGER_TEXT : DENIED_TEXT,
          );
          expect((await h.store.list("invite:")).length).toBe(invitesBefore);
          expect(JSON.stringify(await h.access.listPeople())).toBe(rolesBefore);
        });
      }
    }
  }

  it("a forged button (signature does not match) is answered and does nothing", async () => {
    const genuine = codec.encode("iv", "admin");
    const forged = genuine.replace("iv:admin", "iv:warehouse");
    const calls = await callsFor(callback(forged, { from: ADMIN }));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toContain("This button no longer works");
    expect(await h.store.list("invite:")).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ value: { role: "warehouse" } })]),
    );
  });

  it("buttons made for another bot token are refused", async () => {
    const other = createCallbackCodec("123456:another-token-another-token-xx").encode("us", "p", 0);
    const calls = await callsFor(callback(other, { from: ADMIN }));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toContain("This button no longer works");
  });

  it("raw callback data without a signature is refused", async () => {
    const calls = await callsFor(callback("us:g:102:admin:0", { from: ADMIN }));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.show_alert).toBe(true);
    expect((await h.access.find(SELLER.id))?.roles).not.toContain("admin");
  });

  it("a signed button no feature knows (from an older version) gets a clear answer", async () => {
    const calls = await callsFor(callback(codec.encode("zz", "1"), { from: ADMIN }));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toContain("This button no longer works");
  });

  it("a signed button with a role that does not exist does nothing", async () => {
    const calls = await callsFor(callback(codec.encode("iv", "superuser"), { from: ADMIN }));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toContain("This button no longer works");
  });
});
