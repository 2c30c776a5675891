/**
 * What a desk of one shop (HandoverDesk, LabelDesk) is built with, and how it becomes a JobDesk
 * (job-desk.ts): the shared defaults, the bot's delivery, and a check that leaves the job waiting
 * while its shop is paused or removed.
 * Tests: none directly
 */
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store/port.ts";
import type {
  DeliveryLedger,
  DeliveryTiming,
  DeskJob,
  JobCheck,
  JobDeskOptions,
} from "./job-desk.ts";

/** Where a shop's desk reports to (the bot: edits, documents, sentences). */
export interface DeskDelivery<J extends DeskJob, R> {
  progress(job: J): Promise<void>;
  slow(job: J, minutes: number): Promise<void>;
  /** Sends the result, each part through `ledger`; "ready" is said with the files, not before. */
  ready(job: J, result: R, ledger: DeliveryLedger): Promise<void>;
  failed(job: J, reason: string): Promise<void>;
  /** The result could not be sent: the person is told, with a Retry button when `retry`. */
  undelivered(job: J, retry: boolean): Promise<void>;
}

/** What a desk of one shop (HandoverDesk, LabelDesk) is built with. */
export interface ShopDeskOptions<S, J extends DeskJob, R> extends DeliveryTiming {
  /** Looked up at each poll: a paused or removed shop's job waits for its return. */
  seller: () => S | undefined;
  store: Store;
  delivery: DeskDelivery<J, R>;
  logger?: Logger | undefined;
  pollMs?: number;
  /** After this long the person is told the result will come later (default 2 min). */
  slowAfterMs?: number;
  /** After this long the desk gives up on a job (default 3 h). */
  giveUpAfterMs?: number;
  now?: () => number;
}

/** What a shop's desk adds to ShopDeskOptions: its keys, its default poll and its Ozon check. */
export interface ShopDeskKind<S, J extends DeskJob>
  extends Pick<JobDeskOptions<J>, "jobPrefix" | "claimPrefix" | "idOf" | "what" | "gaveUp"> {
  defaultPollMs: number;
  /** Asks Ozon once with the shop's seller (only while the shop is there and not paused). */
  check(job: J, seller: S): Promise<Exclude<JobCheck, "paused">>;
}

/**
 * The JobDesk settings of a shop's desk: the shared defaults, the delivery's progress and slow
 * notice, and a check that leaves the job waiting while its shop is paused or removed.
 */
export function shopDeskOptions<S, J extends DeskJob, R>(
  options: ShopDeskOptions<S, J, R>,
  kind: ShopDeskKind<S, J>,
): JobDeskOptions<J> {
  const { delivery, seller, pollMs, slowAfterMs, giveUpAfterMs, ...rest } = options;
  return {
    ...rest,
    jobPrefix: kind.jobPrefix,
    claimPrefix: kind.claimPrefix,
    idOf: kind.idOf,
    what: kind.what,
    pollMs: pollMs ?? kind.defaultPollMs,
    slowAfterMs: slowAfterMs ?? 2 * 60_000,
    giveUpAfterMs: giveUpAfterMs ?? 3 * 3_600_000,
    async check(job) {
      const current = seller();
      if (!current) return "paused";
      return kind.check(job, current);
    },
    progress: (job) => delivery.progress(job),
    slow: (job, minutes) => delivery.slow(job, minutes),
    undelivered: (job, retry) => delivery.undelivered(job, retry),
    gaveUp: kind.gaveUp,
  };
}
