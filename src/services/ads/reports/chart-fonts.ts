/**
 * The font the chart's text is drawn with. resvg draws no text without a font that has the
 * glyphs, and the person's language may be Russian: the font must have Cyrillic (and ₽).
 *
 * The source is explicit: REPORT_CHART_FONT (a .ttf path) when set, else DejaVu Sans where
 * Debian's fonts-dejavu-core puts it (the Dockerfile installs that package) or where other
 * distributions do. With none of them the system's fonts are tried and a warning is logged
 * once: the chart is still drawn, its text may be missing.
 * Tests: test/services/ads/reports/chart-renderer.test.ts and 4 more
 */
import { existsSync } from "node:fs";
import type { Logger } from "../../../logger.ts";

export const CHART_FONT_FAMILY = "DejaVu Sans";

const REGULAR_CANDIDATES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", // Debian, Ubuntu (fonts-dejavu-core)
  "/usr/share/fonts/dejavu/DejaVuSans.ttf", // Fedora, Alpine
  "/usr/share/fonts/TTF/DejaVuSans.ttf", // Arch
];

export interface ChartFonts {
  /** Font files resvg loads; empty when none was found. */
  files: string[];
  /** The family every text of the chart asks for. */
  family: string;
  /** false: no known font file, the system's fonts are tried. */
  found: boolean;
}

let cached: ChartFonts | undefined;
let warned = false;

/** Finds the font files once per process (`env` for tests). */
export function chartFonts(env: NodeJS.ProcessEnv = process.env, logger?: Logger): ChartFonts {
  if (cached && env === process.env) return cached;
  const configured = env.REPORT_CHART_FONT?.trim();
  const candidates = configured ? [configured] : REGULAR_CANDIDATES;
  const regular = candidates.find((path) => existsSync(path));
  let fonts: ChartFonts;
  if (regular) {
    const bold = regular.replace(/\.ttf$/i, "-Bold.ttf");
    fonts = {
      files: existsSync(bold) && bold !== regular ? [regular, bold] : [regular],
      family: CHART_FONT_FAMILY,
      found: true,
    };
  } else {
    fonts = { files: [], family: CHART_FONT_FAMILY, found: false };
    if (!warned) {
      warned = true;
      logger?.warn(
        { tried: candidates },
        "report chart: no font file found (install fonts-dejavu-core or set REPORT_CHART_FONT); using system fonts, text may be missing",
      );
    }
  }
  if (env === process.env) cached = fonts;
  return fonts;
}
