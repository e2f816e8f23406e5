/** The query string as sent (a repeated parameter as a list), before any schema coercion. */
export function rawQuery(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const at = url.indexOf("?");
  if (at < 0) return out;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    const seen = out[name];
    out[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return out;
}
