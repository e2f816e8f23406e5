/**
 * Which signing groups contain which addresses: a local copy of the answers for the addresses the
 * pane has asked about, kept in session storage and brought up to date with `updatedSince`.
 *
 * - Addresses not asked about before are answered by resolveSigningGroups, up to 500 in one request
 *   (the groups that hold each address, exactly: membership compared ignoring case, as the service
 *   compares members). The first open therefore costs two requests: the watermark, then resolve.
 * - Reopening the pane costs two requests when nothing changed: the groups changed since the
 *   watermark (`updatedSince`, which every member change moves too) and the tenant's group count.
 *   When something changed, one more: every address asked about is resolved again. Deletions leave
 *   no trace in `updatedSince`, so the count tells of them: count at the watermark + groups created
 *   since ≠ count now means a group went away.
 *
 * Cost grows with the recipients asked about (a request per 500), not with the tenant's size.
 */
import {
  SIGNING_GROUP_LIMITS,
  type ResolvedAddress,
  type SigningGroup,
  type SigningGroupsApi,
} from "../../api/signing-groups";
import { emailProblem } from "../../shared/signing-group-rules";
import type { KeyValueStorage } from "../../auth";
import { emailKey } from "./people";

export interface GroupSummary {
  id: string;
  name: string;
  memberCount: number;
}

/** How far before the newest `updatedOn` seen the next `updatedSince` starts: covers writes still committing. */
const WATERMARK_MARGIN_MS = 60_000;
/** More changed groups than this since the last look: start over with a new watermark. */
const MAX_CHANGED_TO_FOLLOW = 100;
const VERSION = 3;

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
  /** Email keys looked up as of the watermark, each with the ids of the groups that hold it, by name. */
  holders: Record<string, string[]>;
  /** The groups named in `holders`. */
  groups: Record<string, GroupSummary>;
}

export interface MembershipIndexOptions {
  api: SigningGroupsApi;
  /** Where the copy is kept between pane openings (sessionStorage); null: memory only. */
  storage: KeyValueStorage | null;
  storageKey: string;
  /** Names the copy: the service URL and tenant. A copy of another scope is not used. */
  scope: string;
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

const versions = (groups: readonly SigningGroup[]): Record<string, string> =>
  Object.fromEntries(groups.map((g) => [g.id, g.updatedOn]));

function parseState(text: string | null, scope: string): IndexState | null {
  if (!text) return null;
  try {
    const state = JSON.parse(text) as IndexState;
    return state?.v === VERSION && state.scope === scope && typeof state.holders === "object" ? state : null;
  } catch {
    return null;
  }
}

export function createMembershipIndex(options: MembershipIndexOptions): MembershipIndex {
  const { storage } = options;
  const { storageKey: key, scope } = options;
  let requests = 0;
  let memory: IndexState | null = null;

  const call = <T>(run: () => Promise<T>): Promise<T> => {
    requests += 1;
    return run();
  };

  const load = (): IndexState | null => {
    if (memory) return memory;
    try {
      memory = parseState(storage?.getItem(key) ?? null, scope);
    } catch {
      memory = null;
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

  /** A new watermark: the newest updatedOn, the tenant's count, and the groups at or after it. */
  async function freshState(signal?: AbortSignal): Promise<IndexState> {
    const newest = await call(() =>
      options.api.list({ sortBy: "updatedOn", descending: true, pageSize: 100 }, signal ? { signal } : {}),
    );
    const top = newest.items[0];
    if (!top)
      return { v: VERSION, scope, watermark: null, total: 0, atWatermark: {}, holders: {}, groups: {} };
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
      holders: {},
      groups: {},
    };
  }

  /**
   * Brings the watermark up to date; `stale` when some group changed (or went away) since, so that
   * the answers kept may be out of date. Null when so much changed that it has to start over.
   */
  async function revalidate(
    state: IndexState,
    signal?: AbortSignal,
  ): Promise<{ state: IndexState; stale: boolean } | null> {
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
    const deleted = state.total + created !== all.totalCount;
    const stale = deleted || changed.items.some((g) => state.atWatermark[g.id] !== g.updatedOn);
    const top = changed.items[0];
    const watermark =
      top && (state.watermark === null || watermarkBefore(top.updatedOn) > state.watermark)
        ? watermarkBefore(top.updatedOn)
        : state.watermark;
    return {
      stale,
      state: {
        ...state,
        watermark,
        total: all.totalCount,
        atWatermark: versions(changed.items.filter((g) => watermark !== null && g.updatedOn >= watermark)),
      },
    };
  }

  /**
   * Asks the service which groups hold each address (by key; the address as the message spells it
   * is sent), 500 to a request, and answers the state with these answers in place of older ones.
   * Only addresses a member could have are sent: any other is in no group, and one would fail them all.
   */
  async function lookUp(
    state: IndexState,
    spelled: ReadonlyMap<string, string>,
    signal?: AbortSignal,
  ): Promise<IndexState> {
    const holders = { ...state.holders };
    const groups = { ...state.groups };
    const asked: [string, string][] = [];
    for (const [k, address] of spelled) {
      if (emailProblem(address) === null) asked.push([k, address]);
      else holders[k] = [];
    }
    const batch = SIGNING_GROUP_LIMITS.emailsPerResolve;
    const answers: ResolvedAddress[][] = await Promise.all(
      Array.from({ length: Math.ceil(asked.length / batch) }, (_, i) =>
        call(() =>
          options.api.resolve(
            asked.slice(i * batch, (i + 1) * batch).map(([, address]) => address),
            signal ? { signal } : {},
          ),
        ),
      ),
    );
    answers.flat().forEach((item, i) => {
      holders[asked[i]![0]] = item.groups.map((g) => g.id);
      for (const g of item.groups) groups[g.id] = { id: g.id, name: g.name, memberCount: g.memberCount };
    });
    // Keep only the groups some address still names (a group re-resolved away, or deleted, goes).
    const named = new Set(Object.values(holders).flat());
    for (const id of Object.keys(groups)) if (!named.has(id)) delete groups[id];
    return { ...state, holders, groups };
  }

  return {
    get requests() {
      return requests;
    },
    clear() {
      memory = null;
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
    async resolve(addresses, resolveOptions = {}) {
      const { signal } = resolveOptions;
      const spelled = new Map<string, string>();
      for (const address of addresses) {
        const k = emailKey(address);
        if (k && !spelled.has(k)) spelled.set(k, address.trim());
      }
      const loaded = load();
      const checked = loaded ? await revalidate(loaded, signal) : null;
      // The watermark is taken before resolve is asked: a change that resolve does not show then
      // committed after the list, so the next look sees it as changed.
      let state = checked?.state ?? (await freshState(signal));
      const ask = new Map<string, string>();
      if (checked?.stale) {
        // Something changed: every address kept is asked again (as its key, which compares alike).
        for (const k of Object.keys(state.holders)) ask.set(k, k);
      }
      for (const [k, address] of spelled) if (!(k in state.holders) || ask.has(k)) ask.set(k, address);
      if (ask.size > 0) state = await lookUp(state, ask, signal);
      save(state);

      const result = new Map<string, GroupSummary[]>();
      for (const k of spelled.keys()) {
        result.set(
          k,
          (state.holders[k] ?? []).flatMap((id) => (state.groups[id] ? [state.groups[id]] : [])),
        );
      }
      return result;
    },
  };
}
