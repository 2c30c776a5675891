/**
 * What a seller is told when the bot cannot tell what a message is for: a plain message in
 * private most likely meant an answer to a buyer, so the hint says how to reply.
 */
import { afterEach, describe, expect, it } from "vitest";
import { person, text } from "../../../support/updates.ts";
import { ADMIN, type RelayEnv, SELLER, startRelayEnv, WAREHOUSE } from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("a plain message in a private chat", () => {
  it("tells a seller how to reply to a buyer, in their language", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.send(text("Добрый день, отправим завтра", { from: SELLER }));
    const said = e.fake.textsTo(SELLER.id).at(-1) ?? "";
    expect(said).toContain("reply to their message");
    expect(said).toContain("swipe it left");
    expect(said).toContain("/help");

    const russian = person(704, { first_name: "Ира", language_code: "ru" });
    await e.access.grant(russian.id, "seller", ADMIN.id);
    await e.send(text("Добрый день", { from: russian }));
    expect(e.fake.textsTo(russian.id).at(-1)).toContain("смахните его влево");
  });

  it("points everyone else to /help only", async () => {
    const e = await startRelayEnv();
    env = e;
    await e.send(text("hello", { from: WAREHOUSE }));
    const said = e.fake.textsTo(WAREHOUSE.id).at(-1) ?? "";
    expect(said).toContain("/help");
    expect(said).not.toContain("buyer");
  });
});
