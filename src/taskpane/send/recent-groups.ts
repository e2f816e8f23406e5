/**
 * The signing groups the user chose as signers lately, newest first, kept in this browser: the
 * Send view's "Add a signing group" lists them first when it opens. The service keeps no
 * "last used" per group, and what one user used last is theirs, not the tenant's.
 */
import type { DraftStorage } from "./draft";

export const RECENT_GROUPS_KEY = "sign-for-outlook.recentGroups";
const KEEP = 20;

export function recentGroupIds(storage: DraftStorage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_GROUPS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Puts the group first; storage that refuses (full, private mode) only loses the ordering. */
export function rememberGroup(storage: DraftStorage | null, id: string): void {
  const ids = [id, ...recentGroupIds(storage).filter((g) => g !== id)].slice(0, KEEP);
  try {
    storage?.setItem(RECENT_GROUPS_KEY, JSON.stringify(ids));
  } catch {
    // The list still works, in the service's order.
  }
}

/** The groups with the recently used ones first (newest first), the rest in the order given. */
export function recentFirst<T extends { id: string }>(groups: readonly T[], recent: readonly string[]): T[] {
  const rank = new Map(recent.map((id, i) => [id, i]));
  return [...groups].sort(
    (a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}
