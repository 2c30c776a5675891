import { describe, expect, it } from "vitest";
import { SecretBox, SecretsError } from "../../src/shops/secrets.ts";

describe("SecretBox (AES-256-GCM)", () => {
  const box = SecretBox.fromKey(Buffer.alloc(32, 1));

  it("seals so the text is not readable and opens it again", () => {
    const sealed = box.seal("api-key-0123456789", "111");
    expect(sealed).not.toContain("api-key");
    expect(sealed).not.toBe(box.seal("api-key-0123456789", "111"));
    expect(box.open(sealed, "111")).toBe("api-key-0123456789");
  });

  it("refuses another key, another shop, and a tampered text", () => {
    const sealed = box.seal("api-key-0123456789", "111");
    expect(() => SecretBox.fromKey(Buffer.alloc(32, 2)).open(sealed, "111")).toThrow(SecretsError);
    expect(() => box.open(sealed, "222")).toThrow(SecretsError);
    const [version, nonce, body, tag] = sealed.split(".");
    // Change the second-to-last character (all its bits count) to a different one; the old test
    // chose the new character by the last one, so 1 run in 64 changed nothing and failed.
    const text = body ?? "";
    const other = text.at(-2) === "A" ? "B" : "A";
    const flipped = `${text.slice(0, -2)}${other}${text.slice(-1)}`;
    expect(flipped).not.toBe(text);
    expect(() => box.open([version, nonce, flipped, tag].join("."), "111")).toThrow(SecretsError);
    expect(() => box.open("not sealed", "111")).toThrow(SecretsError);
  });

  it("derives a stable key from the bot token when SECRETS_KEY is unset", () => {
    const a = SecretBox.fromBotToken("123:token-a");
    const sealed = a.seal("secret", "1");
    expect(SecretBox.fromBotToken("123:token-a").open(sealed, "1")).toBe("secret");
    expect(() => SecretBox.fromBotToken("123:token-b").open(sealed, "1")).toThrow(SecretsError);
  });
});
