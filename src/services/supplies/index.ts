/**
 * FBO supply orders: the watcher of their states.
 * Tests: none directly
 */
export * from "./watcher.ts";
