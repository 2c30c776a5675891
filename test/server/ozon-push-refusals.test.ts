/**
 * What an outsider learns from the push receiver, and what it costs the log (issue 22, item 1):
 * a seller the bot does not serve is answered exactly like one it serves, refusals are logged
 * once a minute per reason with their count, and an open receiver is called out at start.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { junkPush, type PushReceiver, startPushReceiver } from "../support/push-receiver.ts";

const SERVED = "1234567";
let push: PushReceiver | undefined;
afterEach(async () => {
  await push?.close();
  push = undefined;
});

const openWarning = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => String(l.msg).includes("set OZON_PUSH_ALLOW"));

describe("Ozon push receiver facing outsiders", () => {
  it("answers a seller it does not serve exactly as one it serves, keeping nothing of it", async () => {
    const store = new MemoryStore();
    push = await startPushReceiver({ store, shops: { [SERVED]: "shop-1" } });
    const served = junkPush(SERVED, 2);
    const foreign = junkPush("7654321", 2);
    const answers = {
      served: [await push.post(served), await push.post(served)],
      foreign: [await push.post(foreign), await push.post(foreign)],
    };
    expect(answers.served).toEqual([
      { status: 200, body: '{"result":true}' },
      {
        status: 409,
        body: JSON.stringify({
          error: {
            code: "ERROR_REQUEST_DUPLICATED",
            message: "this notification was received before",
            details: "",
          },
        }),
      },
    ]);
    expect(answers.foreign).toEqual(answers.served);
    expect((await store.list("")).map((e) => e.key)).toEqual(["push:queue:shop-1:postings"]);
  });

  it("logs each kind of refusal once a minute, with how many there were", async () => {
    const clock = new ManualClock();
    push = await startPushReceiver({
      store: new MemoryStore({ now: clock.now }),
      shops: { [SERVED]: "shop-1" },
      now: clock.now,
      startDispatcher: false,
    });
    const before = push.lines.length;
    const refuse = async (n: number) => {
      await push?.post(`not json ${n}`);
      await push?.post(`{"seller_id": ${n}}`);
      await push?.post(junkPush(`9${n}`, n));
      await push?.post(junkPush(SERVED, n), { "content-type": "text/html" });
    };
    for (let n = 0; n < 100; n++) await refuse(n);
    const first = push.lines.slice(before);
    expect(first.map((l) => [l.msg, l.count])).toEqual([
      ["Ozon pushes refused: body is not valid JSON", 1],
      ["Ozon pushes refused: message_type is missing or wrong", 1],
      ["Ozon pushes for a seller this bot does not serve", 1],
      ["Ozon pushes refused: content type must be application/json", 1],
    ]);
    await clock.advance(30_000);
    await refuse(100);
    expect(push.lines.length - before).toBe(4);
    await clock.advance(30_000);
    await refuse(101);
    // The minute is over: each line carries every refusal of its kind since the first line.
    expect(push.lines.slice(before + 4).map((l) => [l.msg, l.count, l.windowS])).toEqual([
      ["Ozon pushes refused: body is not valid JSON", 101, 60],
      ["Ozon pushes refused: message_type is missing or wrong", 101, 60],
      ["Ozon pushes for a seller this bot does not serve", 101, 60],
      ["Ozon pushes refused: content type must be application/json", 101, 60],
    ]);
  });

  it("counts pushes from outside OZON_PUSH_ALLOW into one line, and warns at start only when open to all", async () => {
    push = await startPushReceiver({
      store: new MemoryStore(),
      shops: { [SERVED]: "shop-1" },
      allow: ["195.34.21.0/24"],
    });
    expect(openWarning(push.lines)).toEqual([]);
    for (let n = 0; n < 50; n++) expect((await push.post(junkPush(SERVED, n))).status).toBe(403);
    expect(
      push.lines
        .filter((l) => String(l.msg).includes("not in OZON_PUSH_ALLOW"))
        .map((l) => [l.count, l.from]),
    ).toEqual([[1, "127.0.0.1"]]);
    await push.close();

    push = await startPushReceiver({ store: new MemoryStore(), shops: { [SERVED]: "shop-1" } });
    expect(openWarning(push.lines)).toHaveLength(1);
    expect(openWarning(push.lines)[0]?.level).toBe(40);
  });
});
