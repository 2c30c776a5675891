/** Tests: none directly */
export { HomeCounts, type HomeCountsOptions, type HomeView, type HomeViewer } from "./counts.ts";
export type { HomeShop } from "./facts.ts";
export { type HomeJob, type HomeLine, SOON_MS } from "./lines.ts";
export { HOME_READ_TTL_MS, ShopReads } from "./shop-reads.ts";
