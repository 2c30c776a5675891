/**
 * The digest round and a person changing their own digest at the same moment, each on its own
 * connection to one store (two processes' worth): the round writes only the slot field, with
 * compare-and-set, so the person's change stands — on the memory store and on real Redis.
 */
import { afterAll, describe, expect, it } from "vitest";
import { DigestScheduler } from "../../../../src/services/ads/digest/digest.ts";
import {
  type DigestSetting,
  DigestSettings,
} from "../../../../src/services/ads/digest/settings.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import type { Store } from "../../../../src/store/port.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import { closing, HOUR, MORNING, ONE_STORE, twoConnections, ZONE } from "../schedules/support.ts";

const FIRST = 7;
const SECOND = 8;

type Change = (setting: DigestSetting | undefined) => DigestSetting | undefined;

/**
 * Both people's digests due at 09:00 (the clock at 10:00). While the round sends the first
 * person's digest, the second person changes theirs through the other connection (as the dialog
 * does); resolves with who got a digest and the second person's setting afterwards.
 */
async function changedMidRound(round: Store, person: Store, change: Change) {
  const clock = new ManualClock(MORNING);
  const sentTo: number[] = [];
  const mine = new DigestSettings(person);
  let changed = false;
  const digests = new DigestScheduler({
    store: round,
    leaseTtlMs: 0,
    settings: new DigestSettings(round),
    zone: ZONE,
    now: clock.now,
    source: ONE_STORE,
    sender: {
      send: async (setting) => {
        // The round has read both settings already; whoever goes first, the other one changes.
        if (!changed) {
          changed = true;
          await mine.update(setting.userId === FIRST ? SECOND : FIRST, change);
        }
        sentTo.push(setting.userId);
      },
      isPermanent: () => false,
    },
  });
  closing.push(() => digests.stop());
  for (const userId of [FIRST, SECOND]) {
    await mine.set({
      userId,
      chatId: userId,
      locale: "ru",
      enabled: true,
      time: "09:00",
      since: clock.now(),
    });
  }
  await clock.advance(2 * HOUR);
  await digests.runOnce();
  const [firstSent] = sentTo;
  const other = firstSent === FIRST ? SECOND : FIRST;
  return { sentTo, other, setting: await mine.get(other), digests, clock };
}

const turnOff: Change = (s) => s && { ...s, enabled: false, since: MORNING + 2 * HOUR };
const moveTo2300: Change = (s) => s && { ...s, time: "23:00", since: MORNING + 2 * HOUR };

async function checkTurnedOff(round: Store, person: Store) {
  const { sentTo, other, setting } = await changedMidRound(round, person, turnOff);
  expect(sentTo).toHaveLength(1);
  expect(sentTo).not.toContain(other);
  expect(setting).toMatchObject({ enabled: false, time: "09:00" });
}

async function checkMoved(round: Store, person: Store) {
  const { sentTo, other, setting, digests, clock } = await changedMidRound(
    round,
    person,
    moveTo2300,
  );
  expect(sentTo).not.toContain(other);
  expect(setting).toMatchObject({ enabled: true, time: "23:00" });
  // At the new time, once.
  await clock.advance(13 * HOUR);
  await digests.runOnce();
  await digests.runOnce();
  expect(sentTo.filter((id) => id === other)).toHaveLength(1);
}

describe("the digest setting changed during a round (memory store)", () => {
  it("turned off meanwhile: stays off, and no digest comes", async () => {
    const store = new MemoryStore();
    await checkTurnedOff(store, store);
  });
  it("moved to a later time meanwhile: the new time stands, and the digest comes then", async () => {
    const store = new MemoryStore();
    await checkMoved(store, store);
  });
});

const redis = await redisAvailability();
redis.describe("the digest setting changed during a round, two connections to real Redis", () => {
  const prefix = uniquePrefix("digest-cas");
  afterAll(() => removeKeys(redis.url, prefix));
  const pair = (name: string) => twoConnections(redis.url, `${prefix}${name}:`);
  it("turned off meanwhile: stays off, and no digest comes", async () => {
    await checkTurnedOff(...(await pair("off")));
  });
  it("moved to a later time meanwhile: the new time stands, and the digest comes then", async () => {
    await checkMoved(...(await pair("moved")));
  });
});
