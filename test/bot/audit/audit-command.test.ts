/**
 * /audit end to end (fake Bot API, the whole set of modules over the sandbox): store changes
 * recorded with the admin who made them, the last entries with typed and button filters, the
 * XLSX export of a period, and who may read what.
 */
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import { PackedByLedger } from "../../../src/services/postings/packed-by.ts";
import { callback, command, text } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import { must } from "../postings/harness.ts";
import { ADMIN, KEEPER, lastScreen, type StoresWorld, startStores } from "../stores/world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function screen(w: StoresWorld, update: Parameters<StoresWorld["send"]>[0]) {
  return lastScreen(await w.exchange(update));
}

/** Pauses and resumes the first store through /stores, as ADMIN. */
async function pauseAndResume(w: StoresWorld) {
  const list = await screen(w, command("stores", { from: ADMIN }));
  const confirm = await screen(w, press(list, "⏸ Pause", ADMIN));
  const paused = await screen(w, press(confirm, "Yes, pause", ADMIN));
  const resume = await screen(w, press(paused, "▶️ Resume", ADMIN));
  await screen(w, press(resume, "Yes, resume", ADMIN));
}

describe("/audit", () => {
  it("records store changes with the admin and shows the latest, newest first", async () => {
    const w = await startStores();
    world = w;
    await pauseAndResume(w);
    const shop = w.container.shops.all()[0];
    const trail = new AuditTrail({ store: w.store, keepDays: 180 });
    const entries = await trail.latest({ kind: "store" }, { admin: true });
    expect(entries.map((e) => [e.via, e.actor.id, e.shopId])).toEqual([
      ["resumed", ADMIN.id, shop?.id],
      ["paused", ADMIN.id, shop?.id],
    ]);

    const shown = await screen(w, command("audit", { from: ADMIN }));
    const body = textOf(shown);
    expect(body).toMatch(/^🧾 Audit trail: latest entries \(2\)/);
    expect(body.indexOf("(resumed)")).toBeLessThan(body.indexOf("(paused)"));
    expect(body).toContain("Ada · 🏬 Северный");
    expect(body).toContain("✅ done");
    expect(buttonsOf(shown).map((b) => b.text)).toEqual(["📥 Export", "🔎 By kind"]);
  });

  it("a rename records the old and new name; a ship the trail missed is written by the next start", async () => {
    const w = await startStores();
    world = w;
    const list = await screen(w, command("stores", { from: ADMIN }));
    await screen(w, press(list, "✏️ Северный", ADMIN));
    const confirm = await screen(w, text("Север-1", { from: ADMIN }));
    await screen(w, press(confirm, "Rename", ADMIN));
    const trail = new AuditTrail({ store: w.store, keepDays: 180 });
    const [renamed] = await trail.latest({ kind: "store" }, { admin: true });
    expect(renamed).toMatchObject({ via: "renamed", from: "Северный", to: "Север-1" });

    // A ship Ozon confirmed whose record was lost with the process: its packed-by note remains.
    const shop = must(w.container.shops.all()[0]);
    const at = new Date().toISOString();
    await new PackedByLedger(shop.store).record("777-1", {
      userId: KEEPER.id,
      name: "Kim",
      at,
      parts: ["777-1"],
    });
    await w.restart();
    const repaired = await waitFor(
      async () => (await trail.latest({ kind: "ship" }, { admin: true }))[0],
      { message: "the ship repaired at start" },
    );
    expect(repaired).toMatchObject({
      objectId: "777-1",
      actor: { id: KEEPER.id, name: "Kim" },
      via: "repaired",
      shopId: shop.id,
    });
  });

  it("filters by what is typed, and by the kind buttons; a wrong filter is explained", async () => {
    const w = await startStores();
    world = w;
    await pauseAndResume(w);
    const trail = new AuditTrail({ store: w.store, keepDays: 180 });
    await trail.record({
      kind: "cancel",
      actor: { id: KEEPER.id, name: "Kim" },
      shopId: w.container.shops.all()[0]?.id ?? "",
      objectId: "12345678-0001-1",
      result: { status: "refused", words: "POSTING_ALREADY_SHIPPED" },
    });
    const posting = textOf(
      await screen(w, command("audit", { from: ADMIN, args: "12345678-0001-1" })),
    );
    expect(posting).toContain("latest entries (1)");
    expect(posting).toContain("⛔ refused by Ozon: POSTING_ALREADY_SHIPPED");
    const person = textOf(await screen(w, command("audit", { from: ADMIN, args: `@${ADMIN.id}` })));
    expect(person).toContain("latest entries (2)");
    const byStore = textOf(
      await screen(w, command("audit", { from: ADMIN, args: "ship store северный" })),
    );
    expect(byStore).toContain("latest entries (0)");
    expect(byStore).toContain("No entries.");
    const wrong = textOf(await screen(w, command("audit", { from: ADMIN, args: "yesterday" })));
    expect(wrong).toContain("I did not understand the filter “yesterday”");
    const noStore = textOf(await screen(w, command("audit", { from: ADMIN, args: "store Луна" })));
    expect(noStore).toContain("No store “Луна”");

    const main = await screen(w, command("audit", { from: ADMIN }));
    const kinds = await screen(w, press(main, "🔎 By kind", ADMIN));
    const cancels = await screen(w, press(kinds, "❌ Cancel", ADMIN));
    expect(textOf(cancels)).toContain("Kind: ❌ Cancel");
    expect(textOf(cancels)).toContain("latest entries (1)");
  });

  it("with two stores, the store buttons show one store's entries", async () => {
    const w = await startStores();
    world = w;
    const keys = must(w.sandbox.stores[1]).credentials;
    const south = await w.container.shops.add(
      {
        id: keys.sellerClientId,
        name: "Южный",
        seller: { clientId: keys.sellerClientId, apiKey: keys.sellerApiKey },
      },
      ADMIN.id,
    );
    const trail = new AuditTrail({ store: w.store, keepDays: 180 });
    for (const shop of w.container.shops.all()) {
      await trail.record({
        kind: "ship",
        actor: { id: KEEPER.id, name: "Kim" },
        shopId: shop.id,
        objectId: `${shop.name}-1`,
        result: { status: "done" },
      });
    }
    const main = await screen(w, command("audit", { from: ADMIN }));
    const stores = await screen(w, press(main, "🏬 By store", ADMIN));
    const shown = textOf(await screen(w, press(stores, "Южный", ADMIN)));
    expect(shown).toContain("latest entries (1)");
    expect(shown).toContain(`📦 Pack ${south.name}-1`);
    expect(shown).not.toContain("Северный-1");
  });

  it("exports a period as an XLSX workbook, one row per entry", async () => {
    const w = await startStores();
    world = w;
    await pauseAndResume(w);
    const main = await screen(w, command("audit", { from: ADMIN }));
    const choices = await screen(w, press(main, "📥 Export", ADMIN));
    expect(buttonsOf(choices).map((b) => b.text)).toEqual([
      "1 day",
      "7 days",
      "30 days",
      "180 days",
      "« Back",
    ]);
    const calls = await w.exchange(press(choices, "7 days", ADMIN));
    const document = calls.find((c) => c.method === "sendDocument");
    expect(document?.response?.ok).toBe(true);
    expect(String(document?.payload.caption)).toContain("2 entries");
    const file = document?.files[0];
    expect(file?.fileName).toBe("audit-7d.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file?.bytes ?? new Uint8Array()) as never);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).getCell(2).value).toBe("Who");
    expect(sheet?.getRow(2).getCell(7).value).toBe("paused");
    expect(sheet?.getRow(3).getCell(7).value).toBe("resumed");
    expect(sheet?.getRow(3).getCell(3).value).toBe(ADMIN.id);
  });

  it("is for admins: others are refused, and their History shows only their stores' entries", async () => {
    const w = await startStores();
    world = w;
    await w.container.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    const refused = await screen(w, command("audit", { from: KEEPER }));
    expect(textOf(refused)).toContain("only for these roles");
    const [first] = w.container.shops.all();
    const trail = new AuditTrail({ store: w.store, keepDays: 180 });
    for (const shopId of [first?.id ?? "", "elsewhere"]) {
      await trail.record({
        kind: "ship",
        actor: { id: KEEPER.id, name: "Kim" },
        shopId,
        objectId: "555-1",
        result: { status: "done" },
      });
    }
    await trail.record({
      kind: "role",
      actor: { id: ADMIN.id, name: "Ada" },
      objectId: String(KEEPER.id),
      via: "granted",
      to: "warehouse",
      result: { status: "done" },
    });
    // Limited to the first store: the other store's entry is not theirs.
    await w.container.access.setScope(KEEPER.id, "warehouse", [first?.id ?? ""]);
    const main = await screen(w, command("audit", { from: ADMIN }));
    expect(textOf(main)).toContain("latest entries (3)");
    const codec = createCallbackCodec(w.fake.token);
    const history = await w.exchange(
      callback(codec.encode("audith", "p", "555-1"), { from: KEEPER }),
    );
    const text = textOf(lastScreen(history));
    expect(text).toContain("🕘 History of posting 555-1");
    expect(text.match(/📦 Pack 555-1/g)).toHaveLength(1);
    expect(text).toContain("🏬 Северный");
    expect(text).not.toContain("elsewhere");
  });
});
