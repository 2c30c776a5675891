import { Composer, type Context, type MiddlewareFn } from "grammy";
import { describe, expect, it } from "vitest";
import { chain, onMessage } from "../../../src/bot/core/chain.ts";

const ctx = {} as Context;

/** A step that records its name and goes on (or stops, when `stop`). */
function step(seen: string[], name: string, stop = false): MiddlewareFn<Context> {
  return async (_ctx, next) => {
    seen.push(name);
    if (!stop) await next();
    seen.push(`${name} done`);
  };
}

describe("chain", () => {
  it("runs the steps in order around the chain's own next, as Composer.use does", async () => {
    const seen: string[] = [];
    const run = chain([step(seen, "a"), step(seen, "b")]);
    await run(ctx, async () => {
      seen.push("after");
    });
    expect(seen).toEqual(["a", "b", "after", "b done", "a done"]);
  });

  it("enters no step after one that does not call next", async () => {
    const seen: string[] = [];
    const run = chain([step(seen, "router", true), step(seen, "feature"), step(seen, "fallback")]);
    await run(ctx, async () => {
      seen.push("after");
    });
    expect(seen).toEqual(["router", "router done"]);
  });

  it("asks a Composer for its middleware when reached, so handlers added later count", async () => {
    const seen: string[] = [];
    const composer = new Composer<Context>();
    const run = chain([composer]);
    composer.use(step(seen, "added later"));
    await run(ctx, async () => {
      seen.push("after");
    });
    expect(seen).toEqual(["added later", "after", "added later done"]);
  });

  it("refuses a step that calls next twice, and passes errors to the caller", async () => {
    const twice = chain<Context>([
      async (_ctx, next) => {
        await next();
        await next();
      },
    ]);
    await expect(twice(ctx, async () => {})).rejects.toThrow("`next` already called before!");
    const failing = chain<Context>([
      step([], "a"),
      () => {
        throw new Error("boom");
      },
    ]);
    await expect(failing(ctx, async () => {})).rejects.toThrow("boom");
  });
});

describe("onMessage", () => {
  it("runs its handler for messages only, as composer.on('message') does", async () => {
    const seen: string[] = [];
    const composer = new Composer<Context>();
    onMessage(composer, async (ctx, next) => {
      seen.push(`message ${ctx.message.message_id}`);
      await next();
    });
    composer.use(() => {
      seen.push("after");
    });
    const run = composer.middleware();
    const next = async () => {};
    await run({ message: { message_id: 7 } } as Context, next);
    await run({ callbackQuery: { id: "1" } } as unknown as Context, next);
    expect(seen).toEqual(["message 7", "after", "after"]);
  });
});
