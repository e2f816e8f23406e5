/**
 * Putting many people into a signing group: a create takes at most 100 members (contract §4), so a
 * larger group is created with the first 100 and the rest are added one by one, with progress. Each
 * address gets an outcome; an address already in the group is "already", not a failure, so a retry
 * of the failed ones never duplicates anyone.
 */
import { isApiError } from "../../api/errors";
import { SIGNING_GROUP_LIMITS, type SigningGroup, type SigningGroupsApi } from "../../api/signing-groups";
import { createAsyncLimiter } from "../../outlook";

export interface MemberInput {
  email: string;
  name?: string | null;
}

export type MemberOutcome =
  | { email: string; status: "added" | "already" }
  | { email: string; status: "failed"; message: string; error: unknown };

export interface Progress {
  done: number;
  total: number;
}

export interface AddOptions {
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** Adds in flight at once. Default 1: the members list answers in the order of adding, so keep the message's order. */
  concurrency?: number;
}

const failure = (email: string, error: unknown): MemberOutcome => ({
  email,
  status: "failed",
  message: error instanceof Error ? error.message : String(error),
  error,
});

/** Adds members one request each; a member already in the group counts as "already". */
export async function addMembers(
  api: SigningGroupsApi,
  groupId: string,
  members: readonly MemberInput[],
  options: AddOptions = {},
): Promise<MemberOutcome[]> {
  const limiter = createAsyncLimiter(options.concurrency ?? 1);
  let done = 0;
  const total = members.length;
  options.onProgress?.({ done, total });
  return Promise.all(
    members.map((member) =>
      limiter.run(async (): Promise<MemberOutcome> => {
        let outcome: MemberOutcome;
        try {
          await api.addMember(
            groupId,
            { email: member.email, ...(member.name ? { name: member.name } : {}) },
            options.signal ? { signal: options.signal } : {},
          );
          outcome = { email: member.email, status: "added" };
        } catch (error) {
          outcome =
            isApiError(error) && error.code === "duplicate_member"
              ? { email: member.email, status: "already" }
              : failure(member.email, error);
        }
        done += 1;
        options.onProgress?.({ done, total });
        return outcome;
      }),
    ),
  );
}

/**
 * Adds again the members whose earlier outcome failed (each with its name from `nameOf`) and answers
 * the earlier outcomes with theirs replaced; who got in meanwhile counts as "already".
 */
export async function retryFailed(
  api: SigningGroupsApi,
  groupId: string,
  earlier: readonly MemberOutcome[],
  nameOf: (email: string) => string | null,
  options: AddOptions = {},
): Promise<MemberOutcome[]> {
  const failed = earlier.filter((o) => o.status === "failed");
  const again = await addMembers(
    api,
    groupId,
    failed.map((o) => ({ email: o.email, name: nameOf(o.email) })),
    options,
  );
  const latest = new Map(again.map((o) => [o.email, o]));
  return earlier.map((o) => latest.get(o.email) ?? o);
}

export interface CreateResult {
  group: SigningGroup;
  outcomes: MemberOutcome[];
}

/**
 * Creates a group with the first 100 members and adds the rest. Rejects (nothing created) when the
 * create itself fails; a failure while adding the rest is an outcome of that address.
 */
export async function createGroupWithMembers(
  api: SigningGroupsApi,
  group: { name: string; description: string | null },
  members: readonly MemberInput[],
  options: AddOptions = {},
): Promise<CreateResult> {
  const first = members.slice(0, SIGNING_GROUP_LIMITS.membersPerCreate);
  const rest = members.slice(SIGNING_GROUP_LIMITS.membersPerCreate);
  options.onProgress?.({ done: 0, total: members.length });
  const created = await api.create(
    {
      name: group.name,
      ...(group.description ? { description: group.description } : {}),
      members: first.map((m) => ({ email: m.email, ...(m.name ? { name: m.name } : {}) })),
    },
    options.signal ? { signal: options.signal } : {},
  );
  const outcomes: MemberOutcome[] = first.map((m) => ({ email: m.email, status: "added" }));
  if (rest.length > 0) {
    const added = await addMembers(api, created.id, rest, {
      ...options,
      onProgress: ({ done }) => options.onProgress?.({ done: first.length + done, total: members.length }),
    });
    outcomes.push(...added);
  } else {
    options.onProgress?.({ done: members.length, total: members.length });
  }
  return { group: created, outcomes };
}

/** `members[3].email` (a field of a create request's validation error) → 3; null for other fields. */
export function memberIndexOfField(field: string): number | null {
  const match = /^members\[(\d+)\]/.exec(field);
  return match ? Number(match[1]) : null;
}
