/** Tests: none directly */
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { OzonHttp } from "../http.ts";
import type { RateLimiter } from "../limiter.ts";
import type { Successors } from "../successors.ts";

/**
 * What each Seller namespace shares: the request core, the successor switches, the clock, and the
 * account's pace of stock requests.
 */
export interface SellerContext {
  http: OzonHttp;
  successors: Successors;
  clock: Clock;
  logger: Logger | undefined;
  /** The account's stock requests take their turn here (shared by every client of the account). */
  stockUpdates: RateLimiter | null;
}
