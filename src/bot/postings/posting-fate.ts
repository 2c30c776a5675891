/**
 * What became of a posting that no longer awaits packaging, in words: the answer to a Pack,
 * Cancel or Label button pressed on an old card (Ozon is not asked to act on it).
 * Tests: none directly
 */
import type { Posting } from "../../ozon/seller/types.ts";
import { PACKED_STATUSES } from "../../services/postings/follow-up.ts";
import type { PackedBy } from "../../services/postings/packed-by.ts";
import { cancelledText, formatMoment, type PostingFormat } from "./format.ts";

/** "Already packed by <name>, <when>", or "packed outside the bot" when nobody is known. */
export function packedByText(
  format: PostingFormat,
  posting: string,
  by: PackedBy | undefined,
  now: number,
): string {
  const { t } = format;
  return by
    ? t("postings-ship-packed-by", {
        posting,
        name: by.name,
        time: formatMoment(by.at, format, now),
      })
    : t("postings-ship-packed-outside", { posting });
}

export interface Fate {
  text: string;
  /** Packed: the postings whose labels to offer (the posting itself when not split). */
  labels?: string[];
}

/** The fate of `posting` (not awaiting packaging); `packedBy` as the PackedByLedger knows it. */
export function fateOf(
  format: PostingFormat,
  posting: Posting,
  packedBy: PackedBy | undefined,
  now: number,
): Fate {
  const { t } = format;
  const number = posting.postingNumber;
  if (posting.status === "cancelled") return { text: cancelledText(t, posting) };
  if (PACKED_STATUSES.has(posting.status)) {
    const parts = packedBy?.parts.length ? packedBy.parts : [number];
    return { text: packedByText(format, number, packedBy, now), labels: parts };
  }
  const status = t("postings-status", { status: posting.status });
  return { text: t("postings-now-status", { posting: number, status }) };
}
