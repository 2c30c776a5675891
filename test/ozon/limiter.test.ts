import { afterEach, describe, expect, it } from "vitest";
import { sharedLimiter, TokenBucket } from "../../src/ozon/limiter.ts";
import { createSellerClient } from "../../src/ozon/seller/client.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { send, startServer, type TestServer } from "./support/server.ts";

/** The most grants that fall inside any window of `windowMs`. */
function busiestWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

describe("token bucket", () => {
  it("keeps a burst of callers under N per second", async () => {
    const clock = ManualClock.instant(0);
    const bucket = new TokenBucket(50, { clock });
    const grants: number[] = [];
    await Promise.all(
      Array.from({ length: 180 }, async () => {
        const askedAt = clock.now();
        const wait = bucket.reserve();
        grants.push(askedAt + wait);
      }),
    );
    expect(busiestWindow(grants)).toBe(50);
    // And it does not throttle harder than needed: 180 grants within 3.6 s.
    expect(Math.max(...grants)).toBe(179 * 20);
  });

  it("does not stall when the wall clock is set back (NTP, a VM resumed)", async () => {
    const clock = ManualClock.instant(1_000_000);
    const bucket = new TokenBucket(50, { clock });
    expect(bucket.reserve()).toBe(0);
    expect(bucket.reserve()).toBe(20);
    await clock.advance(-3_600_000);
    // The queue keeps its shape relative to the new time: one more slot after the two taken.
    expect(bucket.reserve()).toBe(40);
    await clock.advance(1_000);
    expect(bucket.reserve()).toBe(0);
  });

  it("stays under N per second for callers arriving over time", async () => {
    const clock = ManualClock.instant(0);
    const bucket = new TokenBucket(10, { clock });
    const grants: number[] = [];
    for (let i = 0; i < 100; i++) {
      await clock.advance(i % 7 === 0 ? 250 : 13);
      const askedAt = clock.now();
      grants.push(askedAt + bucket.reserve());
    }
    expect(busiestWindow(grants)).toBeLessThanOrEqual(10);
  });

  it("never lets rounding through, also at a rate that does not divide a second", async () => {
    const clock = ManualClock.instant(0);
    const bucket = new TokenBucket(30, { clock });
    const grants: number[] = [];
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      await clock.advance(seed % 50);
      grants.push(clock.now() + bucket.reserve());
    }
    expect(busiestWindow(grants)).toBeLessThanOrEqual(30);
  });

  it("allows a configured burst, then the sustained rate", async () => {
    const clock = ManualClock.instant(0);
    const bucket = new TokenBucket(10, { clock, burst: 3 });
    const grants = Array.from({ length: 6 }, () => bucket.reserve());
    expect(grants).toEqual([0, 0, 0, 100, 200, 300]);
  });

  it("waits through the clock it was given", async () => {
    const clock = ManualClock.instant(0);
    const bucket = new TokenBucket(4, { clock });
    await Promise.all([bucket.take(), bucket.take(), bucket.take()]);
    // Each waiter is released when its token is due: 0, 250 and 500 ms.
    expect(clock.wakes.map((w) => w.until)).toEqual([250, 500]);
  });
});

describe("per Client-Id limit in the Seller client", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("shares one bucket between clients of the same Client-Id", async () => {
    server = await startServer((_req, res) => send(res, 200, { result: [] }));
    const clock = ManualClock.instant(0);
    const options = {
      baseUrl: server.url,
      apiKey: "key-key-key",
      requestsPerSecond: 10,
      clock,
      logger: undefined,
    };
    const first = createSellerClient({ ...options, clientId: "777" });
    const second = createSellerClient({ ...options, clientId: "777" });
    const other = createSellerClient({ ...options, clientId: "888" });
    expect(sharedLimiter("seller:777", 10, clock)).toBe(sharedLimiter("seller:777", 10, clock));
    // A read each (not the warehouse list: that one is kept for a minute and shared).
    const read = (client: typeof first) => client.stock.stocksByWarehouse({ skus: ["1"] });
    await Promise.all(Array.from({ length: 10 }, (_, i) => read(i % 2 ? first : second)));
    // Ten requests at once through one 10/s bucket: released at 0 ms, then 100 ms apart.
    expect(clock.wakes.map((w) => w.until)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(server.requests).toHaveLength(10);
    // Another Client-Id has a bucket of its own: its first request waits for nobody.
    clock.wakes.length = 0;
    await read(other);
    expect(clock.wakes).toEqual([]);
    await Promise.all([first.close(), second.close(), other.close()]);
  });
});
