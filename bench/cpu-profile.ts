// A summary of V8 CPU profiles (node --cpu-prof) for the benchmarks: where the busy time went,
// by function (self time) and by where the code lives (a package, a folder of src/, Node itself,
// the garbage collector). Idle time is left out of the shares.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface Profile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  timeDeltas: number[];
}

function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const src = /\/(src|bench|test)\/(.*\/)?[^/]+$/.exec(url);
  if (src) return `${src[1]}/${src[2] ?? ""}`;
  if (url.startsWith("node:")) return "node (built-in modules)";
  return url;
}

interface SelfTimes {
  byFunction: Map<string, number>;
  byPlace: Map<string, number>;
  /** Busy microseconds in all. */
  busy: number;
}

/**
 * Self time (µs) of every profile in `dir`. `startsWith`: count only from the first sample in
 * a function it accepts (the first update handled, say), leaving start-up out.
 */
function selfTimes(dir: string, startsWith?: (frame: CallFrame) => boolean): SelfTimes {
  const times: SelfTimes = { byFunction: new Map(), byPlace: new Map(), busy: 0 };
  const add = (map: Map<string, number>, key: string, micros: number) =>
    map.set(key, (map.get(key) ?? 0) + micros);
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let counting = startsWith === undefined;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      counting ||= (startsWith as (frame: CallFrame) => boolean)(node.callFrame);
      if (!counting || node.callFrame.functionName === "(idle)") return;
      const micros = profile.timeDeltas[i] ?? 0;
      const { functionName, url, lineNumber } = node.callFrame;
      const short = url.replace(/^.*\/(node_modules|src|bench)\//, "$1/");
      add(times.byFunction, `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`, micros);
      add(times.byPlace, placeOf(url, functionName), micros);
      times.busy += micros;
    });
  }
  return times;
}

const byShare = (map: Map<string, number>, count: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, count);

export function summarizeProfiles(dir: string, title: string, top = 25): void {
  const { byFunction, byPlace, busy } = selfTimes(dir);
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`.padStart(6);
  console.log(`\nCPU profile of ${title} (${(busy / 1e6).toFixed(1)} s busy): self time by place`);
  for (const [place, micros] of byShare(byPlace, 20)) console.log(`${share(micros)}  ${place}`);
  console.log(`\nTop ${top} functions by self time`);
  for (const [name, micros] of byShare(byFunction, top)) console.log(`${share(micros)}  ${name}`);
}

/**
 * Two bots' profiles side by side in µs of CPU per update (each handled `updates`), from the
 * first update on (start-up left out): by place, then the functions where the first spends the
 * most more than the second.
 */
export function compareProfiles(
  first: { dir: string; title: string },
  second: { dir: string; title: string },
  updates: number,
  top = 30,
): void {
  const handling = (frame: CallFrame) => frame.url.includes("grammy/out/convenience/frameworks");
  const a = selfTimes(first.dir, handling);
  const b = selfTimes(second.dir, handling);
  const per = (micros: number | undefined) => ((micros ?? 0) / updates).toFixed(1).padStart(7);
  const rows = (x: Map<string, number>, y: Map<string, number>, count: number) =>
    [...new Set([...x.keys(), ...y.keys()])]
      .map((key) => ({ key, more: (x.get(key) ?? 0) - (y.get(key) ?? 0) }))
      .sort((p, q) => q.more - p.more)
      .slice(0, count)
      .map(
        ({ key }) =>
          `${per(x.get(key))} ${per(y.get(key))} ${per((x.get(key) ?? 0) - (y.get(key) ?? 0))}  ${key}`,
      );
  console.log(
    `\nCPU µs per update from the first update on: ${first.title} ${per(a.busy).trim()}, ${second.title} ${per(b.busy).trim()}`,
  );
  console.log(`${"first".padStart(7)} ${"second".padStart(7)} ${"more".padStart(7)}  by place`);
  for (const line of rows(a.byPlace, b.byPlace, 30)) console.log(line);
  console.log(`${"first".padStart(7)} ${"second".padStart(7)} ${"more".padStart(7)}  by function`);
  for (const line of rows(a.byFunction, b.byFunction, top)) console.log(line);
}

if (import.meta.main) summarizeProfiles(process.argv[2] ?? ".", process.argv[2] ?? ".");
