/**
 * Tracking numbers typed in one message, a line each: `posting number — tracking number` (a dash,
 * colon, tab or spaces between). Every line is checked before anything is sent: the good pairs
 * go to the preview, each bad line is named with why.
 * Tests: test/services/deliveries/tracking-lines.test.ts, test/bot/audit/deliveries-audit.test.ts
 */
import { clip } from "../../text.ts";

export interface TrackingPair {
  postingNumber: string;
  trackingNumber: string;
}

export type BadLineReason = "format" | "posting" | "tracking" | "repeated";

export interface BadLine {
  /** 1-based line of the message. */
  line: number;
  /** The line as written (clipped). */
  text: string;
  reason: BadLineReason;
}

export interface ParsedTracking {
  pairs: TrackingPair[];
  bad: BadLine[];
}

/** More lines than this in one message are refused whole (Ozon takes 20 a call). */
export const MAX_TRACKING_LINES = 100;

const POSTING = /^\d{4,20}-\d{1,10}(?:-\d{1,4})?$/;
/** Carriers write letters, digits and dashes; 4 to 40 of them. */
const TRACKING = /^[A-Za-z0-9][A-Za-z0-9-]{2,38}[A-Za-z0-9]$/;
/** A carrier's tracking number as the bot takes it (typed, or read from its barcode). */
export function isTrackingNumber(text: string): boolean {
  return TRACKING.test(text);
}

const LINE = /^(\S+?)\s*(?:[—–:=;,]|\s-\s|\t|\s)\s*(\S+)$/u;

export function parseTrackingLines(text: string): ParsedTracking {
  const pairs: TrackingPair[] = [];
  const bad: BadLine[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const reason = whyBad(line, seen);
    if (typeof reason === "string") {
      bad.push({ line: index + 1, text: clip(line, 60), reason });
      continue;
    }
    seen.add(reason.postingNumber);
    pairs.push(reason);
  }
  return { pairs, bad };
}

function whyBad(line: string, seen: ReadonlySet<string>): BadLineReason | TrackingPair {
  const match = LINE.exec(line);
  if (!match) return "format";
  const postingNumber = (match[1] ?? "").replace(/[—–:=;,-]+$/u, "");
  const trackingNumber = match[2] ?? "";
  if (!POSTING.test(postingNumber)) return "posting";
  if (!TRACKING.test(trackingNumber)) return "tracking";
  if (seen.has(postingNumber)) return "repeated";
  return { postingNumber, trackingNumber };
}
