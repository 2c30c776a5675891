/**
 * Keys an admin adds in the bot are kept encrypted at rest: AES-256-GCM (node:crypto) with a
 * random 96-bit nonce per value; the key comes from SECRETS_KEY, or, when that is unset, from
 * the bot token (HKDF), so the store alone never reveals an Ozon key. A sealed value carries
 * a version, its nonce and tag; a tampered or foreign one fails to open instead of yielding junk.
 * Tests: test/shops/secrets.test.ts, test/shops/registry.test.ts
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretsError";
  }
}

export class SecretBox {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    if (key.length !== 32) throw new SecretsError("the secrets key must be 32 bytes");
    this.#key = Buffer.from(key);
  }

  static fromKey(key: Buffer): SecretBox {
    return new SecretBox(key);
  }

  /** A key derived from the bot token: changes when the token does (then saved keys must be typed again). */
  static fromBotToken(botToken: string): SecretBox {
    const derived = hkdfSync("sha256", botToken, "ozon-bot/secrets", "shop-keys/v1", 32);
    return new SecretBox(Buffer.from(derived));
  }

  /** `context` binds the sealed text to its place (the shop id): it cannot be moved to another. */
  seal(plain: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, nonce);
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      VERSION,
      nonce.toString("base64url"),
      body.toString("base64url"),
      tag.toString("base64url"),
    ].join(".");
  }

  open(sealed: string, context: string): string {
    const [version, nonce, body, tag] = sealed.split(".");
    if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined) {
      throw new SecretsError("not a sealed secret");
    }
    const nonceBytes = Buffer.from(nonce, "base64url");
    const tagBytes = Buffer.from(tag, "base64url");
    if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) {
      throw new SecretsError("not a sealed secret");
    }
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, nonceBytes);
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      throw new SecretsError(
        "the secret cannot be opened with this key (SECRETS_KEY or BOT_TOKEN changed?)",
      );
    }
  }
}
