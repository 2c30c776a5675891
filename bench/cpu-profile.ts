// A summary of V8 CPU profiles (node --cpu-prof) for the benchmarks: where the busy time went,
// by function (self time) and by where the code lives (a package, a folder of src/, Node itself,
// the garbage collector). Idle time is left out of the shares.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
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

export function summarizeProfiles(dir: string, title: string, top = 25): void {
  const selfByFunction = new Map<string, number>();
  const selfByPlace = new Map<string, number>();
  let busy = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      const micros = profile.timeDeltas[i] ?? 0;
      if (!node || node.callFrame.functionName === "(idle)") return;
      const { functionName, url, lineNumber } = node.callFrame;
      const short = url.replace(/^.*\/(node_modules|src)\//, "$1/");
      const key = `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`;
      selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + micros);
      const place = placeOf(url, functionName);
      selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + micros);
      busy += micros;
    });
  }
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`.padStart(6);
  console.log(`\nCPU profile of ${title} (${(busy / 1e6).toFixed(1)} s busy): self time by place`);
  for (const [place, micros] of [...selfByPlace].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${share(micros)}  ${place}`);
  }
  console.log(`\nTop ${top} functions by self time`);
  for (const [name, micros] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${share(micros)}  ${name}`);
  }
}

if (import.meta.main) summarizeProfiles(process.argv[2] ?? ".", process.argv[2] ?? ".");
