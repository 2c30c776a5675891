/**
 * Callback data of inline buttons: `<kind>:<arg>:<arg>~<signature>`, at most 64 bytes (Telegram's
 * limit). The signature is an HMAC of the rest under a key derived from the bot token, so data
 * that the bot did not make (a forged press from a modified client) is recognised and refused
 * before any feature sees it. What a button may do is still decided by the presser's roles at
 * the time of the press; the data only says what was pressed.
 * Tests: test/bot/core/callback-data.test.ts, test/bot/core/access.test.ts and 42 more
 */
import { createHmac } from "node:crypto";

export interface DecodedCallback {
  kind: string;
  args: string[];
}

export interface CallbackCodec {
  /** Signed callback data; throws when it would exceed 64 bytes or holds a bad character. */
  encode(kind: string, ...args: Array<string | number>): string;
  /** The verified content, or undefined when the data is malformed or its signature is wrong. */
  decode(data: string): DecodedCallback | undefined;
}

const MAX_BYTES = 64;
const SIGNATURE_LENGTH = 8; // 48 bits of base64url: forging by guessing is hopeless.
const KIND = /^[a-z][a-z0-9_]{0,15}$/;
const ARG = /^[A-Za-z0-9_.-]*$/;

/** Signatures remembered; keyboards repeat the same buttons, and an HMAC costs ~10 µs. */
const CACHE_LIMIT = 10_000;

export function createCallbackCodec(botToken: string): CallbackCodec {
  const key = createHmac("sha256", "callback-data").update(botToken).digest();
  const signatures = new Map<string, string>();
  const sign = (body: string) => {
    let signature = signatures.get(body);
    if (signature === undefined) {
      signature = createHmac("sha256", key)
        .update(body)
        .digest("base64url")
        .slice(0, SIGNATURE_LENGTH);
      if (signatures.size >= CACHE_LIMIT) signatures.clear();
      signatures.set(body, signature);
    }
    return signature;
  };

  return {
    encode(kind, ...args) {
      if (!KIND.test(kind)) throw new Error(`bad callback kind "${kind}"`);
      const parts = args.map(String);
      for (const part of parts) {
        if (!ARG.test(part)) throw new Error(`bad callback argument "${part}" for "${kind}"`);
      }
      const body = [kind, ...parts].join(":");
      const data = `${body}~${sign(body)}`;
      if (Buffer.byteLength(data) > MAX_BYTES) {
        throw new Error(`callback data for "${kind}" is longer than ${MAX_BYTES} bytes`);
      }
      return data;
    },
    decode(data) {
      const cut = data.lastIndexOf("~");
      if (cut <= 0) return undefined;
      const body = data.slice(0, cut);
      if (sign(body) !== data.slice(cut + 1)) return undefined;
      const [kind, ...args] = body.split(":");
      if (!kind || !KIND.test(kind)) return undefined;
      return { kind, args };
    },
  };
}
