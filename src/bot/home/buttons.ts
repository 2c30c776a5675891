/**
 * Home's own buttons, declared once (core/buttons.ts). Its lines' buttons are menu buttons
 * (core/menu.ts: they run the job's command as if typed, after the same role check).
 * `hm:<action>`: r redraws Home, q redraws /help's Home, a shows every job, h goes back Home,
 * f shows the questions and reviews without an answer by store.
 * Tests: none directly
 */
import { oneOf } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

export const HOME = declareButton(
  "hm",
  "home: redraw, all jobs, back, questions and reviews",
  oneOf(["r", "q", "a", "h", "f"]),
);
