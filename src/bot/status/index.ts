/** /status and the loops' health notices. The wiring's entry. */
export { createStatusModule } from "./module.ts";
