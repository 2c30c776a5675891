/**
 * Where chat files may be fetched from. Buyer text arrives in the same `data[]` as Ozon's own
 * attachment links, so a link is taken for a file (and fetched, with the seller's keys) only when
 * it points at Ozon's chat file path on the Seller API origin the client is configured with:
 * `https://api-seller.ozon.ru/v2/chat/file/...` in production, the sandbox in tests. The
 * reference names no other host for chat files, so there is none on the list.
 * Tests: test/ozon/seller/chat-normalize.test.ts
 */

/** Ozon's chat file path, under the Seller API base URL. */
export const CHAT_FILE_PATH = "/v2/chat/file/";

/** The checked URL when `url` is one of Ozon's chat file locations, undefined otherwise. */
export type ChatFileLocation = (url: string) => URL | undefined;

export function chatFileLocation(sellerBaseUrl: string): ChatFileLocation {
  const base = new URL(sellerBaseUrl);
  const prefix = base.pathname.replace(/\/+$/, "") + CHAT_FILE_PATH;
  return (url) => {
    let target: URL;
    try {
      target = new URL(url.trim());
    } catch {
      return undefined;
    }
    // The parser has already resolved `..` (also as %2e%2e) and backslashes; an encoded slash
    // would be left for the server to read as one, so it is refused rather than trusted.
    const path = target.pathname;
    if (
      target.origin !== base.origin ||
      target.username !== "" ||
      target.password !== "" ||
      !path.startsWith(prefix) ||
      path.length === prefix.length ||
      /%2f|%5c/i.test(path)
    ) {
      return undefined;
    }
    return target;
  };
}
