/** Tests: test/ozon/seller/endpoints/posting-fast.test.ts */
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

/** `result.postings[3].posting_number` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}

function describe(issue: Issue): string {
  if (issue.code === "invalid_type") {
    return /received undefined/.test(issue.message)
      ? `expected ${issue.expected}, got nothing`
      : `expected ${issue.expected}`;
  }
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const expected = new Set<string>();
    for (const branch of issue.errors) {
      const first = branch[0];
      if (first?.code === "invalid_type" && first.path.length === 0) expected.add(first.expected);
    }
    if (expected.size > 0) return `expected ${[...expected].join(" or ")}`;
  }
  return issue.message;
}

/** Every issue as `field: what was expected`, and the first failing field on its own. */
export function problemsOf(error: z.ZodError, prefix: readonly PropertyKey[] = []) {
  const problems = error.issues.map((issue) => {
    const field = fieldPath([...prefix, ...issue.path]);
    return { field, text: field ? `${field}: ${describe(issue)}` : describe(issue) };
  });
  return { field: problems[0]?.field ?? "", problems: problems.map((p) => p.text) };
}
