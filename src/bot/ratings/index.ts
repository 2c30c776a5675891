export { createRatingsModule, type RatingsBotModule, type RatingsModuleOptions } from "./module.ts";
