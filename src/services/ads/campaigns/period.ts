/**
 * A campaign's new period as a manager types it: `01.12.2026-31.12.2026` (start and end), or one
 * date `31.12.2026` (the end; the start stays, or is today when there was none). Ozon wants an
 * end whenever there is a start; an end before today would end the campaign at once, so it is
 * refused here. "No end" (both dates empty) is a button, not a text.
 * Tests: test/services/ads/campaigns/period.test.ts and 12 more
 */
import { DateTime } from "luxon";
import { type PeriodClock, typedDates } from "../reports/periods.ts";

export type CampaignPeriodReason = "format" | "invalid_date" | "order" | "past";

export type CampaignPeriodInput =
  | { ok: true; fromDate: string; toDate: string }
  | { ok: false; reason: CampaignPeriodReason };

export function parseCampaignPeriod(
  input: string,
  clock: PeriodClock,
  currentFrom: string | undefined,
): CampaignPeriodInput {
  const dates = typedDates(input, clock.zone);
  if (!dates) return { ok: false, reason: "format" };
  const { first, second } = dates;
  const today = DateTime.fromMillis(clock.now, { zone: clock.zone }).startOf("day");
  if (!first.isValid || (second && !second.isValid)) return { ok: false, reason: "invalid_date" };
  const to = second ?? first;
  const from = second
    ? first
    : currentFrom
      ? DateTime.fromISO(currentFrom, { zone: clock.zone })
      : today;
  if (!from.isValid) return { ok: false, reason: "invalid_date" };
  if (to < today) return { ok: false, reason: "past" };
  if (to < from) return { ok: false, reason: "order" };
  return { ok: true, fromDate: from.toISODate() ?? "", toDate: to.toISODate() ?? "" };
}
