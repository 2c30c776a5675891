/** A schedule created, paused, resumed and deleted: one record each, with its owner. */
import { afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { closeWorlds, MANAGER, screenText, slash, startWorld, tap } from "../ads/world.ts";

afterEach(closeWorlds);

describe("audit records of schedules", () => {
  it("created, paused, resumed, deleted: four records in order", async () => {
    const clock = new ManualClock(Date.parse("2026-06-15T05:00:00Z"));
    const w = await startWorld({ schedules: { now: clock.now, runLoop: false } });
    await w.start();
    await slash(w, MANAGER, "schedule");
    await tap(w, MANAGER, "Кроссовки"); // none yet: the campaigns at once
    await tap(w, MANAGER, "Сохранить"); // every day at 09:00, chosen on the summary
    expect(screenText(w, MANAGER.id)).toContain("✅ Расписание сохранено.");
    const [saved] = await w.schedules.schedules.of(MANAGER.id);
    await tap(w, MANAGER, "1.");
    await tap(w, MANAGER, "Приостановить");
    await tap(w, MANAGER, "Возобновить");
    await tap(w, MANAGER, "Удалить");
    await tap(w, MANAGER, "Да, удалить");
    const entries = await new AuditTrail({ store: w.store, keepDays: 180 }).latest(
      { kind: "schedule" },
      { admin: true },
    );
    expect(entries.map((e) => [e.via, e.objectId, e.actor.id, e.result.status])).toEqual(
      ["deleted", "resumed", "paused", "created"].map((via) => [
        via,
        saved?.id,
        MANAGER.id,
        "done",
      ]),
    );
    expect(entries.at(-1)?.to).toContain("09:00");
  });
});
