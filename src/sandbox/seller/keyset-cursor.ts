/**
 * The cursor of the v4 posting lists: the sort key of the last posting given (a time and its
 * sequence), opaque to the client. A cursor the sandbox did not write is a 400.
 * Tests: none directly
 */
import { badRequest } from "../http.ts";

export function writeCursor(time: number, seq: number): string {
  return Buffer.from(JSON.stringify([time, seq])).toString("base64url");
}

export function readCursor(cursor: string): [number, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every(Number.isFinite)) {
      return [Number(value[0]), Number(value[1])];
    }
  } catch {
    // answered below
  }
  return badRequest("seller", "invalid cursor");
}
