import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { OzonHttp } from "../http.ts";
import type { Successors } from "../successors.ts";

/** What each Seller namespace shares: the request core, the successor switches, the clock. */
export interface SellerContext {
  http: OzonHttp;
  successors: Successors;
  clock: Clock;
  logger: Logger | undefined;
}
