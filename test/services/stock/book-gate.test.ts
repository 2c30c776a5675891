/** Turns for reading uploads: a few at once, one per person, a bounded line. */
import { describe, expect, it } from "vitest";
import { BookGate } from "../../../src/services/stock/book-gate.ts";

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("BookGate", () => {
  it("reads one file per person at a time, even with room for more", async () => {
    const gate = new BookGate({ atOnce: 2 });
    const first = gate.enter(1);
    const second = gate.enter(1);
    expect(first?.ahead).toBe(0);
    expect(second?.ahead).toBeGreaterThan(0);
    const release = await (first as NonNullable<typeof first>).ready;
    expect(await settled((second as NonNullable<typeof second>).ready)).toBe(false);
    // Another person goes ahead of the waiting second file of the first person.
    const other = gate.enter(2);
    expect(other?.ahead).toBe(0);
    expect(await settled((other as NonNullable<typeof other>).ready)).toBe(true);
    release();
    expect(await settled((second as NonNullable<typeof second>).ready)).toBe(true);
  });

  it("lets a few read at once, the rest wait in order, and refuses past the line's length", async () => {
    const gate = new BookGate({ atOnce: 2, waitingMax: 1 });
    const a = gate.enter(1);
    const b = gate.enter(2);
    const c = gate.enter(3);
    expect([a?.ahead, b?.ahead, c?.ahead]).toEqual([0, 0, 2]);
    expect(gate.enter(4)).toBeUndefined();
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    const done = await (a as NonNullable<typeof a>).ready;
    done();
    done(); // twice is once
    expect(await settled((c as NonNullable<typeof c>).ready)).toBe(true);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
  });
});
