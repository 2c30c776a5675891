// node scripts/test-headers.ts [--check]   (npm run test-headers)
//
// Each source file's header names its tests. For every .ts file under src/, the test files
// (test/**/*.test.ts) that import it directly — a relative specifier that resolves to it, type-only
// imports left out — are written as one line in the file's first block comment:
//   * Tests: test/bot/core/chain.test.ts
// A test that imports a folder's index.ts counts for the files that index re-exports. The test
// at the mirrored path comes first, then the others in the mirrored folder; a long list ends in
// "and N more" so the line stays within 100 characters. A file no test imports says so, and names the test helpers
// that reach it when there are any:
//   * Tests: none directly (reached through test/bot/harness.ts)
// A file without a leading block comment gets a one-line `/** Tests: … */` at its top.
// Running it twice changes nothing. --check writes nothing and exits 1 listing the files whose
// line is missing or stale.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const LINE_WIDTH = 100;
const TESTS = "Tests:";

/** Every .ts file under dir, as paths relative to root with "/" separators, sorted. */
function tsFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(full);
  } catch {
    return [];
  }
  return entries
    .flatMap((entry) => {
      const rel = `${dir}/${entry}`;
      if (statSync(path.join(root, rel)).isDirectory()) return tsFiles(root, rel);
      return entry.endsWith(".ts") ? [rel] : [];
    })
    .sort();
}

/** The relative specifiers a file imports for its values (static, re-exported and dynamic). */
export function valueImports(text: string): string[] {
  const found: string[] = [];
  const statement = /\b(import|export)\s+(type\s+)?[^;"'`]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of text.matchAll(statement)) if (!m[2]) found.push(m[3] as string);
  for (const m of text.matchAll(/\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']/g))
    found.push(m[1] as string);
  for (const m of text.matchAll(/^\s*import\s*["'](\.{1,2}\/[^"']+)["']/gm))
    found.push(m[1] as string);
  return found;
}

const resolve = (from: string, spec: string): string =>
  path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));

/** The Tests line each source file should carry, keyed by its path from the root. */
export function expectedLines(root: string): Map<string, string> {
  const sources = tsFiles(root, "src");
  const testSide = tsFiles(root, "test");
  const testsOf = new Map<string, string[]>(sources.map((file) => [file, []]));
  const helpersOf = new Map<string, string[]>(sources.map((file) => [file, []]));
  for (const file of testSide) {
    const isTest = file.endsWith(".test.ts");
    const text = readFileSync(path.join(root, file), "utf8");
    for (const spec of new Set(valueImports(text))) {
      const target = resolve(file, spec);
      const list = (isTest ? testsOf : helpersOf).get(target);
      if (list && !list.includes(file)) list.push(file);
    }
  }
  // What each index.ts re-exports: a test of the index is a test of those files too.
  const reexports = new Map<string, string[]>();
  for (const file of sources.filter((f) => path.posix.basename(f) === "index.ts")) {
    const text = readFileSync(path.join(root, file), "utf8");
    const targets = [
      ...text.matchAll(/\bexport\s+(?!type\b)[^;"'`]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g),
    ]
      .map((m) => resolve(file, m[1] as string))
      .filter((target) => testsOf.has(target));
    reexports.set(file, targets);
  }
  const spread = (of: Map<string, string[]>, index: string, seen: Set<string>) => {
    for (const target of reexports.get(index) ?? []) {
      if (seen.has(target)) continue;
      seen.add(target);
      const list = of.get(target) as string[];
      for (const t of of.get(index) ?? []) if (!list.includes(t)) list.push(t);
      spread(of, target, seen);
    }
  };
  for (const index of reexports.keys()) {
    spread(testsOf, index, new Set([index]));
    spread(helpersOf, index, new Set([index]));
  }
  const lines = new Map<string, string>();
  for (const file of sources) {
    const mirror = `test/${path.posix.dirname(file).replace(/^src\/?/, "")}/`.replace("//", "/");
    const stem = path.posix.basename(file, ".ts");
    /** 0 the mirrored path itself, 1 a test named after the file beside it, 2 beside it, 3 elsewhere. */
    const rank = (test: string) =>
      test === `${mirror}${stem}.test.ts`
        ? 0
        : test.startsWith(mirror)
          ? path.posix.basename(test).startsWith(stem)
            ? 1
            : 2
          : 3;
    const tests = (testsOf.get(file) ?? []).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    const helpers = (helpersOf.get(file) ?? []).sort();
    lines.set(
      file,
      tests.length > 0
        ? listLine(tests, "")
        : helpers.length > 0
          ? listLine(helpers, "none directly (reached through ", ")")
          : `${TESTS} none directly`,
    );
  }
  return lines;
}

/** "Tests: a, b and 3 more", as many names as fit in the line width (one at least). */
function listLine(names: string[], before: string, after = ""): string {
  const fits = (n: number) => {
    const rest = names.length - n;
    const tail = rest > 0 ? ` and ${rest} more` : "";
    return `${TESTS} ${before}${names.slice(0, n).join(", ")}${tail}${after}`;
  };
  let n = 1;
  while (n < names.length && ` * ${fits(n + 1)}`.length <= LINE_WIDTH) n += 1;
  return fits(n);
}

/** Where the leading block comment is: after a shebang and blank lines, before any code. */
function leadingBlock(lines: string[]): { start: number; end: number } | undefined {
  let i = 0;
  if (lines[0]?.startsWith("#!")) i = 1;
  while (i < lines.length && (lines[i] as string).trim() === "") i += 1;
  if (!lines[i]?.trimStart().startsWith("/*")) return undefined;
  for (let j = i; j < lines.length; j += 1)
    if ((lines[j] as string).includes("*/")) return { start: i, end: j };
  return undefined;
}

/** The Tests line currently in the file's header, or undefined. */
export function currentLine(text: string): string | undefined {
  const lines = text.split("\n");
  const block = leadingBlock(lines);
  if (!block) return undefined;
  for (let i = block.start; i <= block.end; i += 1) {
    const body = (lines[i] as string)
      .replace(/^\s*\/\*\*?/, "")
      .replace(/\*\/\s*$/, "")
      .replace(/^\s*\*\s?/, "")
      .trim();
    if (body.startsWith(TESTS)) return body;
  }
  return undefined;
}

/** The file's text with its header's Tests line set to line (nothing else changes). */
export function withLine(text: string, line: string): string {
  const lines = text.split("\n");
  const block = leadingBlock(lines);
  if (!block) {
    const at = lines[0]?.startsWith("#!") ? 1 : 0;
    lines.splice(at, 0, `/** ${line} */`);
    return lines.join("\n");
  }
  const { start, end } = block;
  const one = lines[start] as string;
  if (start === end) {
    const body = one
      .replace(/^\s*\/\*\*?/, "")
      .replace(/\*\/\s*$/, "")
      .trim();
    const replaced = body.startsWith(TESTS)
      ? [`/** ${line} */`]
      : ["/**", ` * ${body}`, ` * ${line}`, " */"];
    lines.splice(start, 1, ...replaced);
    return lines.join("\n");
  }
  for (let i = start + 1; i <= end; i += 1) {
    const body = (lines[i] as string).replace(/^\s*\*\s?/, "").trim();
    if (body.startsWith(TESTS)) {
      lines[i] = ` * ${line}${body.endsWith("*/") ? " */" : ""}`;
      return lines.join("\n");
    }
  }
  const last = lines[end] as string;
  if (last.trim() === "*/") lines.splice(end, 0, ` * ${line}`);
  else lines.splice(end, 1, last.replace(/\s*\*\/\s*$/, ""), ` * ${line}`, " */");
  return lines.join("\n");
}

/** The source files whose Tests line is missing or stale, with the line they should carry. */
export function staleHeaders(root: string): { file: string; want: string; have?: string }[] {
  const stale: { file: string; want: string; have?: string }[] = [];
  for (const [file, want] of expectedLines(root)) {
    const have = currentLine(readFileSync(path.join(root, file), "utf8"));
    if (have !== want) stale.push(have === undefined ? { file, want } : { file, want, have });
  }
  return stale;
}

/** Sets every stale header; returns the files it changed. */
export function writeHeaders(root: string): string[] {
  const changed = staleHeaders(root);
  for (const { file, want } of changed) {
    const full = path.join(root, file);
    writeFileSync(full, withLine(readFileSync(full, "utf8"), want));
  }
  return changed.map((c) => c.file);
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, "..");
  const lines = expectedLines(root);
  const tested = [...lines.values()].filter((line) => !line.startsWith(`${TESTS} none`)).length;
  const summary = `${lines.size} source files, ${tested} with a test that imports them (or an index.ts re-exporting them)`;
  if (process.argv.includes("--check")) {
    const stale = staleHeaders(root);
    for (const { file, want, have } of stale)
      console.log(
        `${file}: ${have === undefined ? "no Tests line" : `has "${have}"`}; wants "${want}"`,
      );
    console.log(`${summary}; ${stale.length} headers missing or stale`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    const changed = writeHeaders(root);
    console.log(`${summary}; ${changed.length} headers written`);
  }
}
