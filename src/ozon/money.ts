/**
 * Ozon's money → exact kopecks (bigint, never a float): the one reader for every price Ozon
 * writes, wherever it is read (a product's card, a return, the workbook). Ozon writes roubles as
 * a decimal string ("1290", "1290.5", "1290.00", and some methods "1290.0000"), or as a JSON
 * number the clients keep as its shortest decimal text ("1299.9"). Digits past the kopeck are
 * rounded half up to it (zeros, as a rule; otherwise a float's text, "1290.4999999999998").
 * Tests: test/ozon/money.test.ts, test/ozon/fallback-memory.test.ts and 4 more
 */

/** Roubles Ozon wrote → kopecks; undefined when it is not a plain non-negative decimal. */
export function ozonKopecks(rubles: string | number | null | undefined): bigint | undefined {
  if (rubles === undefined || rubles === null) return undefined;
  if (typeof rubles === "number" && !Number.isFinite(rubles)) return undefined;
  const text = typeof rubles === "number" ? String(rubles) : rubles.trim();
  const m = /^(\d{1,15})(?:\.(\d{1,20}))?$/.exec(text);
  if (!m) return undefined;
  const digits = (m[2] ?? "").padEnd(3, "0");
  const kopecks = BigInt(m[1] as string) * 100n + BigInt(digits.slice(0, 2));
  return digits.charCodeAt(2) >= "5".charCodeAt(0) ? kopecks + 1n : kopecks;
}

/**
 * A signed amount (an accrual, a balance: Ozon writes charges as "-123.45" or -123.45) → kopecks;
 * undefined when it is not a plain decimal. Rounded half away from zero at the kopeck.
 */
export function ozonSignedKopecks(rubles: string | number | null | undefined): bigint | undefined {
  if (rubles === undefined || rubles === null) return undefined;
  if (typeof rubles === "number" && !Number.isFinite(rubles)) return undefined;
  const text = typeof rubles === "number" ? String(rubles) : rubles.trim();
  const negative = text.startsWith("-");
  const kopecks = ozonKopecks(negative || text.startsWith("+") ? text.slice(1) : text);
  if (kopecks === undefined) return undefined;
  return negative ? -kopecks : kopecks;
}
