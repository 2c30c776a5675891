/**
 * The report a person ordered last, remembered so that /report can offer it again in one tap
 * ("⚡ as last time"). Kept per person (not per shop: the shop is part of it), with the period as
 * its preset ("last 7 days"), so that again means the same days counted from today. A report of
 * typed dates is not remembered: the one before it stays. The kinds of report a person ordered
 * are kept too (any period): /report asks the kind only of someone who used another kind than
 * campaign statistics. What the store holds is read through a schema: a record of another shape
 * is no preset (and no kinds).
 * Tests: test/services/ads/reports/jobs-format.test.ts and 11 more
 */
import { z } from "zod";
import type { Store } from "../../../store/port.ts";
import {
  MAX_CAMPAIGNS_PER_REPORT,
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  REPORT_KINDS,
  type ReportKind,
} from "./jobs.ts";
import { PERIOD_PRESETS } from "./periods.ts";

const PREFIX = "ads:last-report:";
const KINDS_PREFIX = "ads:report-kinds:";
const kindsSchema = z.array(z.enum(REPORT_KINDS)).max(REPORT_KINDS.length);
/** A preset left unused this long is forgotten. */
const KEPT_MS = 180 * 24 * 60 * 60 * 1000;

const presetSchema = z.object({
  shop: z.string().min(1).max(64),
  campaigns: z
    .array(z.object({ id: z.string().regex(/^\d{1,20}$/), title: z.string().max(300).optional() }))
    .min(1)
    .max(MAX_CAMPAIGNS_PER_REPORT),
  kind: z.enum(REPORT_KINDS),
  preset: z.enum(PERIOD_PRESETS),
  groupBy: z.enum(REPORT_GROUPINGS),
  format: z.enum(REPORT_FORMATS),
  objects: z.array(z.string().max(40)).max(1000).optional(),
  attributionDays: z.number().int().min(1).max(365).optional(),
});

export type ReportPreset = z.infer<typeof presetSchema>;

export class ReportPresets {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** The person's last report, or undefined (none, or not of a shape this version reads). */
  async last(userId: number): Promise<ReportPreset | undefined> {
    const parsed = presetSchema.safeParse(await this.#store.get(PREFIX + userId));
    return parsed.success ? parsed.data : undefined;
  }

  async remember(userId: number, preset: ReportPreset): Promise<void> {
    await this.#store.set(PREFIX + userId, presetSchema.parse(preset), { ttlMs: KEPT_MS });
  }

  /** The kinds of report the person ordered (none read: none). */
  async kinds(userId: number): Promise<ReportKind[]> {
    const parsed = kindsSchema.safeParse(await this.#store.get(KINDS_PREFIX + userId));
    return parsed.success ? parsed.data : [];
  }

  /** The person ordered a report of `kind`. */
  async noteKind(userId: number, kind: ReportKind): Promise<void> {
    const known = await this.kinds(userId);
    if (known.includes(kind)) return;
    await this.#store.set(KINDS_PREFIX + userId, [...known, kind], { ttlMs: KEPT_MS });
  }
}
