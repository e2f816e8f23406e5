/**
 * Text no request may carry: NUL (PostgreSQL refuses it in text, so it would reach the database as
 * a 500) and UTF-16 surrogates without their pair (no valid UTF-8 holds them; they would be stored
 * as U+FFFD on one backend and refused by the other).
 */
// eslint-disable-next-line no-control-regex -- NUL is the character this looks for.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** Whether any string in `value`, or key of it, holds unsafe text (findUnsafeText's walk, no paths). */
function holdsUnsafeText(value: unknown): boolean {
  if (typeof value === "string") return hasUnsafeText(value);
  if (value === null || typeof value !== "object") return false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (hasUnsafeText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const v of item) stack.push(v);
    } else if (item !== null && typeof item === "object") {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (hasUnsafeText(key)) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The path (as `a.b[2].c`) of the first string in `value`, or a key of it, that holds unsafe text;
 * null when there is none. Walks JSON-like values only, iteratively, so deep input cannot overflow.
 */
export function findUnsafeText(value: unknown, root: string): string | null {
  // Nearly every request holds none: looked for first without making a path for each value.
  if (!holdsUnsafeText(value)) return null;
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === "string") {
      if (hasUnsafeText(item)) return at;
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => stack.push([v, `${at}[${i}]`]));
    } else if (item !== null && typeof item === "object") {
      for (const [key, v] of Object.entries(item)) {
        const path = at ? `${at}.${key}` : key;
        if (hasUnsafeText(key)) return path;
        stack.push([v, path]);
      }
    }
  }
  return null;
}
