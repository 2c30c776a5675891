/**
 * Home stays true (issue 40): a screen left open is redrawn in place when a count it shows
 * changes — once, at most once a minute per chat, the newest Home of the chat only, for a day —
 * and its record survives a restart and is shared by two processes on Redis.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { OPEN_SCREEN_MS, REDRAW_GAP_MS } from "../../../src/services/home/open-screens.ts";
import { HOME_READ_TTL_MS } from "../../../src/services/home/shop-reads.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { person } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { press, sentMessage, textOf } from "../harness.ts";
import {
  ADMIN,
  ADMIN_RU,
  clock,
  closeWorld,
  HOUR,
  open,
  seedPostings,
  startWorld,
  type World,
} from "./world.ts";

afterEach(closeWorld);

/** A posting more for South, and the clock past the kept reads and the gap between redraws. */
function countChanges(w: World): void {
  w.sandbox.stores[1]?.control.addPosting({ shipmentDate: Date.now() + 20 * HOUR });
  clock.shiftMs += Math.max(HOME_READ_TTL_MS, REDRAW_GAP_MS) + 1_000;
}

const edits = (w: World, since: number) =>
  w.fake.calls.slice(since).filter((c) => c.method === "editMessageText");

describe("Home redraws itself", () => {
  it("a count that changes redraws the open screen once, in place, in its language", async () => {
    const w = await startWorld();
    seedPostings(w);
    const home = await open(w, ADMIN);
    const homeRu = await open(w, ADMIN_RU);
    expect(textOf(home)).toContain("📦 To pack: 5");
    // Nothing changed: nothing is sent.
    clock.shiftMs += REDRAW_GAP_MS + 1_000;
    let since = w.fake.calls.length;
    expect(await w.home.redrawOnce()).toEqual({ redrawn: 0, forgotten: 0 });
    expect(w.fake.calls.length).toBe(since);

    countChanges(w);
    since = w.fake.calls.length;
    expect((await w.home.redrawOnce()).redrawn).toBe(2);
    const redrawn = edits(w, since);
    expect(redrawn).toHaveLength(2);
    const en = redrawn.find((c) => c.payload.chat_id === ADMIN.id);
    const ru = redrawn.find((c) => c.payload.chat_id === ADMIN_RU.id);
    expect(en?.payload.message_id).toBe(sentMessage(home).message_id);
    expect(textOf(en ?? home)).toContain("📦 To pack: 6");
    expect(textOf(en ?? home)).toMatch(/as of \d\d:\d\d/);
    expect(ru?.payload.message_id).toBe(sentMessage(homeRu).message_id);
    expect(textOf(ru ?? homeRu)).toContain("📦 Собрать: 6");
    expect(textOf(ru ?? homeRu)).toMatch(/данные на \d\d:\d\d/);
    expect(w.fake.calls.slice(since).filter((c) => c.method === "sendMessage")).toHaveLength(0);

    // Once: later passes with the same counts send nothing.
    clock.shiftMs += REDRAW_GAP_MS + 1_000;
    since = w.fake.calls.length;
    await w.home.redrawOnce();
    await w.home.redrawOnce();
    expect(edits(w, since)).toHaveLength(0);
  });

  it("at most once a minute per chat: a change soon after a redraw waits for the minute", async () => {
    const w = await startWorld();
    seedPostings(w);
    await open(w, ADMIN);
    countChanges(w);
    await w.home.redrawOnce();
    w.sandbox.stores[0]?.control.addPosting({ shipmentDate: Date.now() + 20 * HOUR });
    clock.shiftMs += HOME_READ_TTL_MS + 1_000; // read again, but within the minute of the redraw
    let since = w.fake.calls.length;
    await w.home.redrawOnce();
    expect(edits(w, since)).toHaveLength(0);
    clock.shiftMs += REDRAW_GAP_MS;
    since = w.fake.calls.length;
    await w.home.redrawOnce();
    expect(edits(w, since).map(textOf)).toEqual([expect.stringContaining("📦 To pack: 7")]);
  });

  it("only the newest Home of a chat, not one turned into another screen, not one a day old", async () => {
    const w = await startWorld();
    seedPostings(w);
    const older = await open(w, ADMIN);
    const newer = await open(w, ADMIN);
    countChanges(w);
    let since = w.fake.calls.length;
    await w.home.redrawOnce();
    expect(edits(w, since).map((c) => c.payload.message_id)).toEqual([
      sentMessage(newer).message_id,
    ]);
    expect(older).toBeDefined();

    // ☰ All jobs turns the screen into the list of jobs: it is not redrawn over it.
    since = w.fake.calls.length;
    await w.bot.handleUpdate(press(newer, "☰ All jobs", ADMIN));
    await w.fake.waitForCall("editMessageText", () => true, 5_000, { since });
    countChanges(w);
    since = w.fake.calls.length;
    await w.home.redrawOnce();
    expect(edits(w, since)).toHaveLength(0);

    // A day on, Telegram's old message is left as it is.
    await open(w, ADMIN);
    clock.shiftMs += OPEN_SCREEN_MS;
    countChanges(w);
    since = w.fake.calls.length;
    expect(await w.home.redrawOnce()).toEqual({ redrawn: 0, forgotten: 1 });
    expect(edits(w, since)).toHaveLength(0);
  });

  it("a press while the redraw waits in the sender's queue is not drawn over", async () => {
    // The sender holds bulk sends until let go: the redraw's edit waits as behind other traffic.
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let waiting = 0;
    const w = await startWorld({
      sender: () => {
        const sender = unlimitedSender();
        const schedule = sender.schedule.bind(sender);
        sender.schedule = (async (target, send) => {
          if (target.priority === "bulk") {
            waiting += 1;
            await held;
          }
          return schedule(target, send);
        }) as typeof sender.schedule;
        return sender;
      },
    });
    seedPostings(w);
    const home = await open(w, ADMIN);
    countChanges(w);
    const pass = w.home.redrawOnce();
    await waitFor(() => waiting === 1, { message: "the redraw queued" });
    // Meanwhile the person turns the screen into the list of jobs.
    let since = w.fake.calls.length;
    await w.bot.handleUpdate(press(home, "☰ All jobs", ADMIN));
    await w.fake.waitForCall("editMessageText", () => true, 5_000, { since });
    since = w.fake.calls.length;
    letGo();
    expect(await pass).toEqual({ redrawn: 0, forgotten: 0 });
    expect(edits(w, since)).toHaveLength(0);
  });

  it("a message deleted meanwhile is forgotten quietly", async () => {
    const w = await startWorld();
    seedPostings(w);
    await open(w, ADMIN);
    countChanges(w);
    w.fake.failNext("editMessageText", {
      error_code: 400,
      description: "Bad Request: message to edit not found",
    });
    expect(await w.home.redrawOnce()).toEqual({ redrawn: 0, forgotten: 1 });
    expect(w.logs.filter((l) => l.level >= 40 && /Home/.test(l.msg))).toEqual([]);
    countChanges(w);
    const since = w.fake.calls.length;
    await w.home.redrawOnce();
    expect(edits(w, since)).toHaveLength(0);
  });

  it("redrawing many open screens costs the Ozon calls of one open", async () => {
    const w = await startWorld();
    seedPostings(w);
    const people = [7201, 7202, 7203, 7204].map((id) => person(id, { language_code: "en" }));
    for (const someone of people) await w.access.grant(someone.id, "warehouse", ADMIN.id);
    const before = w.sandbox.requests.length;
    await open(w, ADMIN);
    const one = w.sandbox.requests.length - before;
    for (const someone of people) await open(w, someone);
    countChanges(w);
    const since = w.sandbox.requests.length;
    expect((await w.home.redrawOnce()).redrawn).toBe(5);
    expect(w.sandbox.requests.length - since).toBe(one);
  });

  it("the open screen survives a restart: the new process redraws it", async () => {
    const w = await startWorld();
    seedPostings(w);
    const home = await open(w, ADMIN);
    const restarted = w.process();
    countChanges(w);
    const since = w.fake.calls.length;
    expect((await restarted.home.redrawOnce()).redrawn).toBe(1);
    expect(edits(w, since)[0]?.payload.message_id).toBe(sentMessage(home).message_id);
  });
});

const redis = await redisAvailability();

redis.describe("Home redraws with two processes on Redis", () => {
  const prefix = uniquePrefix("home-live");
  afterAll(() => removeKeys(redis.url, prefix));

  it("a count that changes redraws the screen once, whichever process looks", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    const w = await startWorld({ store });
    seedPostings(w);
    const home = await open(w, ADMIN);
    const other = w.process();
    countChanges(w);
    const since = w.fake.calls.length;
    await Promise.all([w.home.redrawOnce(), other.home.redrawOnce()]);
    await Promise.all([w.home.redrawOnce(), other.home.redrawOnce()]);
    const redrawn = edits(w, since);
    expect(redrawn).toHaveLength(1);
    expect(redrawn[0]?.payload.message_id).toBe(sentMessage(home).message_id);
    expect(textOf(redrawn[0] ?? home)).toContain("📦 To pack: 6");
  });
});
