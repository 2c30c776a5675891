export { createReturnsModule, type ReturnsBotModule, type ReturnsModuleOptions } from "./module.ts";
