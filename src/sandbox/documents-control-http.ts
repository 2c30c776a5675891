/**
 * The HTTP twin of the sandbox's documents rules (contract.ts): its day, its rules, withdrawn methods.
 * Tests: none directly
 */
import { z } from "zod";
import type { SandboxContract } from "./contract.ts";
import type { ControlHandler } from "./control.ts";
import type { HttpMethod } from "./route-table.ts";

export function documentsControlRoutes(
  contract: SandboxContract,
): Array<[HttpMethod, RegExp, ControlHandler, string]> {
  return [
    [
      "POST",
      /^documents$/,
      ({ body }) => {
        const parsed = z
          .object({
            date: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.null()]).optional(),
            rules: z.enum(["today", "seed"]).optional(),
            withdraw: z.array(z.string().min(3).max(300)).max(100).optional(),
            /** What the withdrawn methods answer: 404 (default) or 410 Gone. */
            gone: z.union([z.literal(404), z.literal(410)]).optional(),
            restore: z.boolean().optional(),
          })
          .parse(body ?? {});
        if (parsed.date !== undefined) contract.setDate(parsed.date ?? undefined);
        if (parsed.rules) contract.rules = parsed.rules;
        if (parsed.restore) contract.restore();
        if (parsed.withdraw) contract.withdrawAs(parsed.gone ?? 404, ...parsed.withdraw);
        return { date: contract.date, rules: contract.rules };
      },
      '/_sandbox/documents  {date?: YYYY-MM-DD | null, rules?: today | seed, withdraw?: ["POST /v3/chat/list"], gone?: 404 | 410, restore?: true}',
    ],
  ];
}
