// A group's updatedOn after a change: always later than before, which the updatedSince filter relies on.

/**
 * The updatedOn of a change made at `now`: now, unless the clock has not moved past the previous
 * updatedOn (two changes in one millisecond, or a clock step back), then one millisecond later.
 * updatedOn therefore moves forward on every change, which updatedSince relies on.
 */
export function nextUpdatedOn(previous: string, now: Date): string {
  const candidate = now.toISOString();
  return candidate > previous ? candidate : new Date(Date.parse(previous) + 1).toISOString();
}
