/**
 * /status and the loops' health notices. The wiring's entry.
 * Tests: none directly
 */
export { createStatusModule } from "./module.ts";
