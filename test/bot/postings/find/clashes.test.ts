/**
 * Typed numbers meet the rest of the bot as live: a reply to a relayed buyer message still goes
 * to the buyer (even digits, even from someone who also holds warehouse); a dialog waiting for
 * a posting number gets it; a seller's text is no search; text that is no number, and numbers
 * typed in a group, stay with the fallback.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, group, text } from "../../../support/updates.ts";
import { textOf } from "../../harness.ts";
import {
  answersTo,
  BOTH,
  type FindHarness,
  KEEPER,
  NORTH_ONLY,
  SELLER,
  sentTo,
  startFind,
} from "./harness.ts";

let h: FindHarness;
afterEach(() => h.close());

const mug = { products: [{ name: "Mug", quantity: 1, markRequired: false }] };
/** Posting reads made by the bot since request number `since` (the search's calls). */
const postingReads = (since: number) =>
  h.sandbox.requests
    .slice(since)
    .filter((r) => r.path === "/v3/posting/fbs/get" || r.path.endsWith("get-by-barcode"));

describe("typed numbers and the rest of the bot", () => {
  it("a reply with digits to a relayed buyer message reaches the buyer, not the search", async () => {
    h = await startFind();
    const north = h.sandbox.stores[0]?.control;
    if (!north) throw new Error("no store");
    await h.relay.runOnce();
    const chat = north.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    if (!chat) throw new Error("no open buyer chat");
    const written = north.buyerWrites(chat.id, { text: "Where is my parcel?" });
    const since = h.fake.calls.length;
    await h.relay.runOnce();
    const relayed = sentTo(h, BOTH.id, since).find((c) => textOf(c).includes("Where is my parcel"));
    if (!relayed?.response?.ok) throw new Error("not relayed to BOTH");
    const posting = north.addPosting(mug);

    const requests = h.sandbox.requests.length;
    const answers = await answersTo(
      h,
      text(posting.postingNumber, { from: BOTH, replyTo: relayed.response.result as never }),
      BOTH.id,
    );
    const toBuyer = (north.chat(chat.id)?.messages ?? []).filter(
      (m) => m.author === "seller" && BigInt(m.id) > BigInt(written.id),
    );
    expect(toBuyer.map((m) => m.text)).toEqual([posting.postingNumber]);
    expect(answers.map(textOf).join("\n")).not.toContain("Status:");
    expect(postingReads(requests)).toEqual([]);
  });

  it("a dialog waiting for a posting number gets the typed number", async () => {
    h = await startFind();
    const north = h.sandbox.stores[0]?.control.addPosting(mug);
    if (!north) throw new Error("no posting");
    const [question] = await answersTo(h, command("ship", { from: NORTH_ONLY }), NORTH_ONLY.id);
    expect(textOf(question as never)).toContain("Which posting?");
    const since = h.fake.calls.length;
    await h.send(text(north.postingNumber, { from: NORTH_ONLY }));
    const screens = h.fake.calls
      .slice(since)
      .filter((c) => ["sendMessage", "editMessageText"].includes(c.method))
      .map(textOf);
    expect(screens.join("\n")).toContain(north.postingNumber);
    // The dialog's screen, not a search card.
    expect(screens.join("\n")).not.toContain("Status:");
  });

  it("a seller without warehouse typing a posting number gets the fallback, and Ozon is not asked", async () => {
    h = await startFind();
    const north = h.sandbox.stores[0]?.control.addPosting(mug);
    if (!north) throw new Error("no posting");
    const requests = h.sandbox.requests.length;
    const [hint] = await answersTo(h, text(north.postingNumber, { from: SELLER }), SELLER.id);
    expect(textOf(hint as never)).toContain("To answer a buyer, reply to their message");
    expect(postingReads(requests)).toEqual([]);
  });

  it("text that is no number stays with the fallback; a number in a group is not searched", async () => {
    h = await startFind();
    const [hint] = await answersTo(h, text("hello", { from: KEEPER }), KEEPER.id);
    expect(textOf(hint as never)).toBe("To see what I can do, send /help");

    const team = group(-100777, { title: "Warehouse team" });
    const requests = h.sandbox.requests.length;
    const since = h.fake.calls.length;
    await h.send(text("12345678-0001-1", { from: KEEPER, chat: team }));
    expect(h.fake.calls.slice(since).filter((c) => c.method === "sendMessage")).toEqual([]);
    expect(postingReads(requests)).toEqual([]);
  });

  it("/find in a group searches, and the next message of the same person after /find alone", async () => {
    h = await startFind();
    const north = h.sandbox.stores[0]?.control.addPosting(mug);
    if (!north) throw new Error("no posting");
    const team = group(-100778, { title: "Warehouse team" });
    await answersTo(h, command("find", { from: KEEPER, chat: team }), team.id);
    // Someone else's message in between is not the answer.
    const others = await answersTo(
      h,
      text(north.postingNumber, { from: BOTH, chat: team }),
      team.id,
    );
    expect(others).toEqual([]);
    const [card] = await answersTo(
      h,
      text(north.postingNumber, { from: KEEPER, chat: team }),
      team.id,
    );
    expect(textOf(card as never)).toContain("Status: waiting to be packed");
  });
});
