/**
 * What became of a posting that no longer awaits packaging, in words: the answer to a Pack,
 * Cancel or Label button pressed on an old card (Ozon is not asked to act on it).
 */
import type { Posting } from "../../ozon/seller/types.ts";
import { PACKED_STATUSES } from "../../services/postings/follow-up.ts";
import type { PackedBy } from "../../services/postings/packed-by.ts";
import { cancelledText, formatMoment, type PostingFormat } from "./postings.ts";

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
    const text = packedBy
      ? t("postings-ship-packed-by", {
          posting: number,
          name: packedBy.name,
          time: formatMoment(packedBy.at, format, now),
        })
      : t("postings-ship-packed-outside", { posting: number });
    return { text, labels: parts };
  }
  const status = t("postings-status", { status: posting.status });
  return { text: t("postings-now-status", { posting: number, status }) };
}
