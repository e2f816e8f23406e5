/**
 * Which signing groups contain which addresses: a local copy of the groups that hold the addresses
 * the pane has asked about, kept in session storage and brought up to date with `updatedSince`.
 *
 * - An address not asked about before is looked up with `search` (a substring search over names,
 *   descriptions and member emails); each group found is confirmed by its member list, since a
 *   substring match is not membership. Member lists are cached by (group, updatedOn).
 * - Reopening the pane costs two requests when nothing changed: the groups changed since the
 *   watermark (`updatedSince`, which every member change moves too) and the tenant's group count.
 *   A changed group's members are read again. Deletions leave no trace in `updatedSince`, so the
 *   count tells of them: count at the watermark + groups created since ≠ count now means a group
 *   went away, and every address is looked up again (member lists still come from the cache).
 *
 * Cost grows with the recipients asked about, not with the tenant's size.
 */
import type { SigningGroup, SigningGroupsApi } from "../../api/signing-groups";
import type { KeyValueStorage } from "../../auth";
import { createAsyncLimiter, type AsyncLimiter } from "../../outlook";
import { emailKey } from "./people";

export interface GroupSummary {
  id: string;
  name: string;
  memberCount: number;
  updatedOn: string;
}

/** How far before the newest `updatedOn` seen the next `updatedSince` starts: covers writes still committing. */
const WATERMARK_MARGIN_MS = 60_000;
/** More changed groups than this since the last look: start over rather than read each one's members. */
const MAX_CHANGED_TO_FOLLOW = 100;
const VERSION = 2;

interface CachedGroup extends GroupSummary {
  /** Email keys of all members. */
  members: string[];
}

interface IndexState {
  v: number;
  /** The service URL and tenant the copy is of. */
  scope: string;
  /** `updatedSince` of the next look; null while the tenant has no group. */
  watermark: string | null;
  /** The tenant's group count when the watermark was set. */
  total: number;
  /**
   * The groups whose updatedOn was at or after the watermark then, by id, with that updatedOn: they
   * are not new next time, and unchanged they need no second look.
   */
  atWatermark: Record<string, string>;
  /** Email keys looked up as of the watermark. */
  emails: string[];
  /** Groups holding at least one of `emails`, with their members. */
  groups: Record<string, CachedGroup>;
}

export interface MembershipIndexOptions {
  api: SigningGroupsApi;
  /** Where the copy is kept between pane openings (sessionStorage); null: memory only. */
  storage: KeyValueStorage | null;
  storageKey: string;
  /** Names the copy: the service URL and tenant. A copy of another scope is not used. */
  scope: string;
  /** Requests in flight at once (a browser opens 6 connections per host). Default 6. */
  concurrency?: number;
}

export interface MembershipIndex {
  /** The groups containing each address (by email key), brought up to date first. */
  resolve(
    addresses: readonly string[],
    options?: { signal?: AbortSignal },
  ): Promise<Map<string, GroupSummary[]>>;
  /** Forgets the copy (sign-out, or a tenant change). */
  clear(): void;
  /** Requests sent so far (benchmarks). */
  readonly requests: number;
}

const watermarkBefore = (updatedOn: string): string =>
  new Date(Date.parse(updatedOn) - WATERMARK_MARGIN_MS).toISOString();

const summary = (g: SigningGroup): GroupSummary => ({
  id: g.id,
  name: g.name,
  memberCount: g.memberCount,
  updatedOn: g.updatedOn,
});

const versions = (groups: readonly SigningGroup[]): Record<string, string> =>
  Object.fromEntries(groups.map((g) => [g.id, g.updatedOn]));

function parseState(text: string | null, scope: string): IndexState | null {
  if (!text) return null;
  try {
    const state = JSON.parse(text) as IndexState;
    return state?.v === VERSION && state.scope === scope && typeof state.groups === "object" ? state : null;
  } catch {
    return null;
  }
}

export function createMembershipIndex(options: MembershipIndexOptions): MembershipIndex {
  const { storage } = options;
  const { storageKey: key, scope } = options;
  const limiter: AsyncLimiter = createAsyncLimiter(options.concurrency ?? 6);
  let requests = 0;
  let memory: IndexState | null = null;
  /** Member lists by group id, as of updatedOn: outlives a start-over. */
  const memberCache = new Map<string, { updatedOn: string; members: string[] }>();

  const call = <T>(run: () => Promise<T>): Promise<T> =>
    limiter.run(() => {
      requests += 1;
      return run();
    });

  const load = (): IndexState | null => {
    if (memory) return memory;
    try {
      memory = parseState(storage?.getItem(key) ?? null, scope);
    } catch {
      memory = null;
    }
    for (const g of Object.values(memory?.groups ?? {})) {
      memberCache.set(g.id, { updatedOn: g.updatedOn, members: g.members });
    }
    return memory;
  };
  const save = (state: IndexState): void => {
    memory = state;
    try {
      storage?.setItem(key, JSON.stringify(state));
    } catch {
      // Storage full or refused: the copy in memory still serves this pane.
    }
  };

  async function membersOf(group: GroupSummary, signal?: AbortSignal): Promise<string[]> {
    const cached = memberCache.get(group.id);
    if (cached && cached.updatedOn === group.updatedOn) return cached.members;
    const list = await call(() => options.api.members(group.id, signal ? { signal } : {}));
    const members = list.map((m) => emailKey(m.email));
    memberCache.set(group.id, { updatedOn: group.updatedOn, members });
    return members;
  }

  /** A new watermark: the newest updatedOn, the tenant's count, and the groups at or after it. */
  async function freshState(signal?: AbortSignal): Promise<IndexState> {
    const newest = await call(() =>
      options.api.list({ sortBy: "updatedOn", descending: true, pageSize: 100 }, signal ? { signal } : {}),
    );
    const top = newest.items[0];
    if (!top)
      return { v: VERSION, scope, watermark: null, total: 0, atWatermark: {}, emails: [], groups: {} };
    const watermark = watermarkBefore(top.updatedOn);
    let recent = newest.items.filter((g) => g.updatedOn >= watermark);
    if (recent.length === newest.items.length && newest.totalPages > 1) {
      recent = await call(() => options.api.listAll({ updatedSince: watermark }, signal ? { signal } : {}));
    }
    return {
      v: VERSION,
      scope,
      watermark,
      total: newest.totalCount,
      atWatermark: versions(recent),
      emails: [],
      groups: {},
    };
  }

  /** Brings the copy up to date; null when it has to start over. */
  async function revalidate(state: IndexState, signal?: AbortSignal): Promise<IndexState | null> {
    const opts = signal ? { signal } : {};
    const [changed, all] = await Promise.all([
      call(() =>
        options.api.list(
          {
            sortBy: "updatedOn",
            descending: true,
            pageSize: MAX_CHANGED_TO_FOLLOW,
            ...(state.watermark ? { updatedSince: state.watermark } : {}),
          },
          opts,
        ),
      ),
      call(() => options.api.list({ pageSize: 1 }, opts)),
    ]);
    if (changed.totalCount > changed.items.length) return null;
    const created = changed.items.filter(
      (g) => !(g.id in state.atWatermark) && (state.watermark === null || g.createdOn >= state.watermark),
    ).length;
    if (state.total + created !== all.totalCount) return null; // a group was deleted

    const wanted = new Set(state.emails);
    const groups = { ...state.groups };
    await Promise.all(
      changed.items.map(async (g) => {
        const seen = groups[g.id]?.updatedOn ?? state.atWatermark[g.id];
        if (seen === g.updatedOn) return;
        const members = await membersOf(summary(g), signal);
        if (members.some((m) => wanted.has(m))) groups[g.id] = { ...summary(g), members };
        else delete groups[g.id];
      }),
    );
    const top = changed.items[0];
    const watermark =
      top && (state.watermark === null || watermarkBefore(top.updatedOn) > state.watermark)
        ? watermarkBefore(top.updatedOn)
        : state.watermark;
    return {
      ...state,
      watermark,
      total: all.totalCount,
      atWatermark: versions(changed.items.filter((g) => watermark !== null && g.updatedOn >= watermark)),
      groups,
    };
  }

  /** Looks addresses up with search and adds the groups that really contain them. */
  async function lookUp(state: IndexState, addresses: string[], signal?: AbortSignal): Promise<IndexState> {
    const groups = { ...state.groups };
    const wanted = new Set([...state.emails, ...addresses]);
    await Promise.all(
      addresses.map(async (address) => {
        const found = await call(() => options.api.listAll({ search: address }, signal ? { signal } : {}));
        await Promise.all(
          found.map(async (g) => {
            const members = await membersOf(summary(g), signal);
            if (members.some((m) => wanted.has(m))) groups[g.id] = { ...summary(g), members };
          }),
        );
      }),
    );
    return { ...state, emails: [...wanted], groups };
  }

  return {
    get requests() {
      return requests;
    },
    clear() {
      memory = null;
      memberCache.clear();
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
    async resolve(addresses, resolveOptions = {}) {
      const { signal } = resolveOptions;
      const keys = [...new Set(addresses.map(emailKey).filter(Boolean))];
      const loaded = load();
      let state = loaded ? await revalidate(loaded, signal) : null;
      // Starting over keeps the member lists: only the searches are sent again.
      state ??= await freshState(signal);
      const known = new Set(state.emails);
      const missing = keys.filter((k) => !known.has(k));
      if (missing.length > 0) state = await lookUp(state, missing, signal);
      save(state);

      const result = new Map<string, GroupSummary[]>(keys.map((k) => [k, []]));
      const byName = Object.values(state.groups).sort(
        (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
      );
      for (const group of byName) {
        for (const member of group.members) {
          const { id, name, memberCount, updatedOn } = group;
          result.get(member)?.push({ id, name, memberCount, updatedOn });
        }
      }
      return result;
    },
  };
}
