/**
 * Finding a report request at Ozon whose id the store never got: the runner records the intent
 * to submit (job.submitIntentAt) before it submits, so after a crash or a lost answer it knows
 * the request may be at Ozon, and looks for it in Ozon's list of API-made requests before
 * submitting again. Submitting blindly would queue a second copy behind the first, which holds
 * the account's one export slot until it finishes, and whose file nobody would ever fetch.
 *
 * Ozon's request carries nothing of ours (no title or token field), so a request is recognised by
 * what the job asked for: the same kind, the same campaigns and the same period, made after the
 * intent was recorded (allowing for Ozon's clock to differ from ours) and not already another
 * job's. Of several such, the earliest is the one the intent sent.
 * Tests: none directly
 */

import type { Logger } from "../../../logger.ts";
import type { ReportRequestInfo } from "../../../ozon/performance/types.ts";
import type { ReportJob, ReportJobRepository } from "./jobs.ts";

export type { ReportRequestInfo };

/** What the runner needs of the statistics client to read Ozon's list. */
export interface ReportRequestLister {
  list(page: { page: number; pageSize: number }): Promise<ReportRequestInfo[]>;
}

export const LIST_PAGE_SIZE = 100;
/** Pages read at most: Ozon keeps requests for a limited time, and ours are recent. */
export const MAX_LIST_PAGES = 10;
/** How far Ozon's clock may run behind ours without a request going unrecognised. */
export const CLOCK_SLACK_MS = 5 * 60 * 1000;

/** Ozon's API-made report requests, page after page until a short page (or MAX_LIST_PAGES). */
export async function listOzonRequests(lister: ReportRequestLister): Promise<ReportRequestInfo[]> {
  const all: ReportRequestInfo[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const items = await lister.list({ page, pageSize: LIST_PAGE_SIZE });
    all.push(...items);
    if (items.length < LIST_PAGE_SIZE) break;
  }
  return all;
}

/** The request a job's recorded submit intent became, if Ozon lists it. */
export function findSubmitted(
  job: Pick<ReportJob, "kind" | "campaigns" | "period" | "submitIntentAt">,
  requests: readonly ReportRequestInfo[],
  claimed: ReadonlySet<string>,
): ReportRequestInfo | undefined {
  if (job.submitIntentAt === undefined) return undefined;
  const since = job.submitIntentAt - CLOCK_SLACK_MS;
  const campaigns = sortedIds(job.campaigns.map((c) => c.id));
  const matches = requests.filter(
    (r) =>
      !claimed.has(r.uuid) &&
      r.kind === job.kind &&
      r.dateFrom === job.period.from &&
      r.dateTo === job.period.to &&
      r.createdAt !== undefined &&
      r.createdAt >= since &&
      sortedIds(r.campaigns) === campaigns,
  );
  return matches.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))[0];
}

/** Requests Ozon is still preparing that no job knows: they hold the queue until they finish. */
export function unclaimedInProgress(
  requests: readonly ReportRequestInfo[],
  claimed: ReadonlySet<string>,
): ReportRequestInfo[] {
  return requests.filter(
    (r) => !claimed.has(r.uuid) && (r.state === "NOT_STARTED" || r.state === "IN_PROGRESS"),
  );
}

function sortedIds(ids: readonly string[]): string {
  return ids
    .map((id) => id.trim().replace(/^0+(?=\d)/, ""))
    .sort()
    .join(",");
}

/** Ozon's list of report requests, and the uuids that jobs already hold (not to be taken). */
export interface OzonRequests {
  requests: ReportRequestInfo[];
  claimed: Set<string>;
}

/** Ozon's list of report requests, and the uuids that jobs already hold. */
export async function lookAtOzon(
  jobs: ReportJobRepository,
  lister: ReportRequestLister,
): Promise<OzonRequests> {
  const claimed = new Set((await jobs.all()).flatMap((j) => (j.uuid ? [j.uuid] : [])));
  return { requests: await listOzonRequests(lister), claimed };
}

/** What reconciling needs of the runner's steps (steps.ts's JobSteps). */
export interface ReconcileSteps {
  readonly settings: {
    account: string;
    statistics: ReportRequestLister;
    logger?: Pick<Logger, "warn"> | undefined;
  };
  readonly jobs: ReportJobRepository;
  submitted(job: ReportJob, uuid: string, why: string): Promise<unknown>;
}

/** ReportRunner.reconcile() over the jobs a round has read (it updates them in place). */
export async function reconcileJobs(steps: ReconcileSteps, all: ReportJob[]): Promise<boolean> {
  const unsure = all.filter(
    (j) =>
      j.account === steps.settings.account &&
      j.state === "queued" &&
      j.submitIntentAt !== undefined,
  );
  if (unsure.length === 0) return true;
  let atOzon: OzonRequests;
  try {
    atOzon = await lookAtOzon(steps.jobs, steps.settings.statistics);
  } catch (error) {
    steps.settings.logger?.warn(
      { err: error },
      "report runner: Ozon's list of reports not readable",
    );
    return false;
  }
  const { requests, claimed } = atOzon;
  for (const job of unsure) {
    const found = findSubmitted(job, requests, claimed);
    if (found) {
      claimed.add(found.uuid);
      await steps.submitted(job, found.uuid, "report found at Ozon after a restart, resumed");
    } else {
      delete job.submitIntentAt;
      await steps.jobs.save(job);
    }
  }
  const orphans = unclaimedInProgress(requests, claimed).map((r) => r.uuid);
  if (orphans.length > 0) {
    steps.settings.logger?.warn(
      { uuids: orphans },
      "report runner: Ozon is preparing reports no job waits for; they hold the queue until Ozon finishes them",
    );
  }
  return true;
}
