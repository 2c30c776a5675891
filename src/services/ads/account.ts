/**
 * What advertising has for one Performance account (one shop with Performance keys).
 * Tests: none directly
 */
import type { PerformanceClient } from "../../ozon/index.ts";
import type { BudgetService } from "./campaigns/budget.ts";
import type { CampaignDesk } from "./campaigns/desk.ts";
import type { ReportJobs } from "./reports/jobs.ts";
import type { ReportRunner } from "./reports/runner.ts";

export interface AdsAccount {
  /** The shop the account belongs to. */
  readonly shopId: string;
  readonly budget: BudgetService;
  /** Cards: pause, resume, period, bids, yesterday's spend. */
  readonly desk: CampaignDesk;
  /** The advertised products of a campaign (the phrases report asks for them). */
  readonly campaigns: Pick<PerformanceClient["campaigns"], "objects">;
  readonly jobs: ReportJobs;
  readonly runner: ReportRunner;
}
