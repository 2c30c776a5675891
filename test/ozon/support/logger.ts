/** A real pino logger whose lines the test can read. */
import { pino } from "pino";
import type { Logger } from "../../../src/logger.ts";

export function captureLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "debug" },
    { write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>) },
  );
  return { logger, lines };
}
