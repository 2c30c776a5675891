import { describe, expect, it } from "vitest";
import { actorName } from "../../../../src/bot/chats/inbox/claims.ts";

describe("the name others see for an answerer", () => {
  it("keeps a short name and cuts a long one at whole characters", () => {
    expect(actorName({ first_name: "Anna" })).toBe("Anna");
    expect(actorName(undefined)).toBe("");
    const name = `${"a".repeat(31)}🌸🌸`;
    const cut = actorName({ first_name: name });
    expect(cut).toBe(`${"a".repeat(31)}🌸`);
  });
});
