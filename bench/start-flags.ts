// The Node flags `npm start` gives the bot (package.json's "start" script; the Docker image's CMD
// says the same), so the benchmarks run the bot as production does.
import { readFileSync } from "node:fs";

export function startFlags(): string[] {
  const manifest = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8"),
  ) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith("--"));
}

/** `--max-semi-space-size` of `npm start`, in MB (0: Node's default). */
export function startSemiSpaceMb(): number {
  const flag = startFlags().find((f) => f.startsWith("--max-semi-space-size="));
  return flag ? Number(flag.split("=")[1]) : 0;
}
