/** Tests: none directly */
// Redis text helpers: URLs fit for logs, driver messages scrubbed, glob-safe prefixes.

/** A Redis URL fit for logs and messages: the password (or a lone user part) becomes ***. */
export function maskRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    else if (parsed.username) parsed.username = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable Redis URL)";
  }
}

/** Escapes Redis glob characters so a prefix matches only itself. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

/** What maskRedisUrl hides, raw and percent-decoded, to strip it from driver messages too. */
export function urlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secret = parsed.password || parsed.username;
    return [secret, decodeURIComponent(secret)].filter((s) => s.length > 0);
  } catch {
    return [];
  }
}

export function scrub(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join("***");
  return clean;
}
