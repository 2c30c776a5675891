/**
 * Runs before every test file (vitest.config.ts `setupFiles`): checks that apply to every test.
 *
 * Keyboards: no row of a keyboard the bot sent may be empty. Telegram shows such a row as a gap
 * (or not at all) depending on the client; it always means a builder added a row too many. Every
 * bot test that goes through the fake Bot API walks its keyboards this way.
 *
 * Ozon's documents: every sandbox in the tests checks each request it receives and each answer it
 * gives against Ozon's OpenAPI documents (`ozon-openapi/`, src/sandbox/contract.ts). A test during
 * which anything did not fit fails with what and where; a test that sends a wrong body on purpose
 * takes its violations itself (`takeContractViolations`). The count reaches the run's last lines.
 */
import { afterEach, expect } from "vitest";
import {
  describeViolation,
  takeCheckedCount,
  takeContractViolations,
} from "../../src/sandbox/contract.ts";
import { takeEmptyKeyboardRows } from "./fake-bot-api.ts";

process.env.OZON_SANDBOX_CONTRACT ??= "check";

afterEach(({ task }) => {
  task.meta.ozonChecked = takeCheckedCount();
  const violations = takeContractViolations().map(describeViolation);
  expect(violations, "requests or answers that do not fit Ozon's documents").toEqual([]);
  expect(takeEmptyKeyboardRows(), "keyboards sent with an empty row").toEqual([]);
});
