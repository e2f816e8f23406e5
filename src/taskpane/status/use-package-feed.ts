/**
 * Packages that stay current: loaded once, then refreshed when the pane comes back on
 * screen, when asked (a pinned pane's new message, an action), and every 30 s while on screen. Each
 * refresh sends the ETag of what the pane has (If-None-Match): an unchanged list or signer list costs
 * a 304 and no re-render. A refresh that fails keeps what was shown, with the time it was current.
 *
 * A list asked with `includeSigners` (the thread's) brings each package's signers in the same answer,
 * under the same ETag: a minute of polling a thread costs 2 requests, 304s while nothing changes.
 * Otherwise (a page of All packages, one package, a service older than includeSigners) signers are
 * read apart, for the packages that are still moving (final packages' signers never change once read).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import {
  FINAL_STATUSES,
  type Package,
  type PackageQuery,
  type PackagesApi,
  type Signer,
} from "../../api/packages";
import { isApiError } from "../../api/errors";
import { useHost } from "../host-context";

export const POLL_INTERVAL_MS = 30_000;
/**
 * While a shown package's documents are being sealed, a tick every 2 s: its card says they can be
 * opened "in a moment", and sealing takes seconds, not the 30 of a background tick.
 */
export const SEALING_POLL_INTERVAL_MS = 2_000;

/** What to follow: a list (a thread, a mail, a search) or one package. */
export type FeedTarget = { kind: "list"; query: PackageQuery } | { kind: "one"; id: string };

export interface FeedState {
  /** Null until the first answer. */
  packages: Package[] | null;
  totalCount: number;
  /** Signers by package id, for the packages whose signers were asked for. */
  signers: Readonly<Record<string, Signer[]>>;
  /** When what is shown was last confirmed current (ms since the epoch). */
  fetchedAt: number | null;
  /** The last refresh's failure; null after a success. */
  error: unknown;
}

const EMPTY: FeedState = { packages: null, totalCount: 0, signers: {}, fetchedAt: null, error: null };

export interface FeedOptions {
  /** Read signers for every package of the answer (a thread), or only for these ids (expanded cards). */
  signersFor: "all" | ReadonlySet<string>;
  /** False: no requests at all (the tab is not shown). */
  enabled?: boolean;
  intervalMs?: number;
  /**
   * On a new target, keep showing the last answer until the new one arrives (a search being typed),
   * instead of starting empty (a pinned pane's next thread must never show the last one's packages).
   */
  keepPrevious?: boolean;
  /**
   * True while a card's dialog is open (status/dialog-hold.ts): timed and on-screen refreshes wait;
   * those missed run when it turns false. Asked-for refreshes (after an action) still run.
   */
  paused?: boolean;
}

function targetKey(target: FeedTarget | null): string {
  return target === null ? "" : JSON.stringify(target);
}

export function usePackageFeed(api: PackagesApi, target: FeedTarget | null, options: FeedOptions) {
  const { host } = useHost();
  const {
    enabled = true,
    intervalMs = POLL_INTERVAL_MS,
    signersFor,
    keepPrevious = false,
    paused = false,
  } = options;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  /** A timed or on-screen refresh came while paused: it runs when the pause ends. */
  const missed = useRef(false);
  const key = targetKey(target);
  const [state, setState] = useState<FeedState>(EMPTY);
  const [loading, setLoading] = useState(false);

  // What the last answers were, for If-None-Match; reset with the target.
  const memory = useRef({
    key: "",
    etag: null as string | null,
    signerEtags: new Map<string, string | null>(),
    /** The package's updatedOn when its signers were read. */
    signersOf: new Map<string, string>(),
    /** Packages whose signers came inside the list's answer (includeSigners): never read apart. */
    embedded: new Set<string>(),
    generation: 0,
    running: null as Promise<void> | null,
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const wanted = useRef(signersFor);
  wanted.current = signersFor;

  const refresh = useCallback(
    async (signal?: AbortSignal): Promise<void> => {
      const m = memory.current;
      if (!target) return;
      const generation = m.generation;
      const current = () => generation === memory.current.generation && !signal?.aborted;
      try {
        let packages = stateRef.current.packages;
        let totalCount = stateRef.current.totalCount;
        /** Signers that came with the list this time (a 304 keeps the last ones, as the ETag says). */
        let arrived: Map<string, Signer[]> | null = null;
        if (target.kind === "list") {
          const answer = await api.list(target.query, packages ? m.etag : null, { signal });
          if (!current()) return;
          if (!answer.notModified) {
            packages = answer.data.items;
            totalCount = answer.data.totalCount;
            m.etag = answer.etag;
            arrived = new Map();
            m.embedded = new Set();
            for (const item of answer.data.items) {
              if (!Array.isArray(item.signers)) continue;
              arrived.set(item.id, item.signers);
              m.embedded.add(item.id);
            }
          }
        } else {
          const answer = await api.get(target.id, packages ? m.etag : null, { signal });
          if (!current()) return;
          if (!answer.notModified) {
            packages = [answer.data];
            totalCount = 1;
            m.etag = answer.etag;
          }
        }
        const list = packages ?? [];
        const want = wanted.current;
        const had = stateRef.current.signers;
        const due = list.filter((p) => {
          if (m.embedded.has(p.id)) return false;
          if (want !== "all" && !want.has(p.id)) return false;
          if (!had[p.id]) return true;
          // A finished package's signers are final once read after it finished.
          return !(FINAL_STATUSES.includes(p.status) && m.signersOf.get(p.id) === p.updatedOn);
        });
        const answers = await Promise.all(
          due.map(async (p) => {
            const answer = await api.signers(p.id, had[p.id] ? (m.signerEtags.get(p.id) ?? null) : null, {
              signal,
            });
            return { p, answer };
          }),
        );
        if (!current()) return;
        let signers = had;
        for (const [id, arrivedSigners] of arrived ?? []) {
          if (signers === had) signers = { ...had };
          (signers as Record<string, Signer[]>)[id] = arrivedSigners;
        }
        for (const { p, answer } of answers) {
          m.signersOf.set(p.id, p.updatedOn);
          if (answer.notModified) continue;
          m.signerEtags.set(p.id, answer.etag);
          if (signers === had) signers = { ...had };
          (signers as Record<string, Signer[]>)[p.id] = answer.data;
        }
        const previous = stateRef.current;
        const next: FeedState = {
          packages: packages === previous.packages ? previous.packages : packages,
          totalCount,
          signers,
          fetchedAt: Date.now(),
          error: null,
        };
        stateRef.current = next;
        setState(next);
      } catch (error) {
        if (!current() || (isApiError(error) && error.kind === "cancelled")) return;
        const next = { ...stateRef.current, error };
        stateRef.current = next;
        setState(next);
      }
    },
    [api, key],
  );

  /** One refresh at a time: a tick during a slow refresh waits for it instead of racing it. */
  const refreshNow = useCallback((): Promise<void> => {
    const m = memory.current;
    if (m.running) return m.running;
    const run = refresh().finally(() => {
      if (memory.current.running === run) memory.current.running = null;
    });
    m.running = run;
    return run;
  }, [refresh]);

  // A new target starts afresh (a pinned pane's next thread must not show the last one's packages).
  useEffect(() => {
    const m = memory.current;
    if (m.key === key) return;
    m.key = key;
    m.generation++;
    m.etag = null;
    m.signerEtags = new Map();
    m.signersOf = new Map();
    m.embedded = new Set();
    m.running = null;
    if (keepPrevious) return;
    stateRef.current = EMPTY;
    setState(EMPTY);
  }, [key, keepPrevious]);

  /** A timed or on-screen refresh: held while paused, run when the pause ends. */
  const background = useCallback(() => {
    if (pausedRef.current) missed.current = true;
    else void refreshNow();
  }, [refreshNow]);

  useEffect(() => {
    if (!enabled || !target) return;
    let alive = true;
    setLoading(stateRef.current.packages === null);
    void refreshNow().finally(() => alive && setLoading(false));
    const onVisible = (isVisible: boolean) => {
      if (isVisible) background();
    };
    let off: () => void;
    if (host) off = host.onVisibilityChanged(onVisible);
    else {
      const listener = () => onVisible(document.visibilityState !== "hidden");
      document.addEventListener("visibilitychange", listener);
      off = () => document.removeEventListener("visibilitychange", listener);
    }
    return () => {
      alive = false;
      off();
    };
  }, [enabled, key, host, refreshNow, background]);

  // The timer apart from the effect above, so that sealing's quicker ticks starting or ending
  // change the tick only, without a refresh of their own.
  const sealingShown =
    state.packages?.some((p) => p.status === "Completed" && p.sealing === "InProgress") ?? false;
  const tickMs = sealingShown ? Math.min(intervalMs, SEALING_POLL_INTERVAL_MS) : intervalMs;
  useEffect(() => {
    if (!enabled || !target) return;
    const visible = () => (host ? host.isVisible() : document.visibilityState !== "hidden");
    const timer = setInterval(() => {
      if (visible()) background();
    }, tickMs);
    return () => clearInterval(timer);
  }, [enabled, key, host, tickMs, background]);

  useEffect(() => {
    if (paused || !missed.current) return;
    missed.current = false;
    if (enabled && target) void refreshNow();
  }, [paused]);

  // Cards expanded later: read their signers at once rather than at the next tick.
  const signersKey = signersFor === "all" ? "all" : [...signersFor].sort().join(",");
  useEffect(() => {
    if (!enabled || !target || signersFor === "all" || stateRef.current.packages === null) return;
    if ([...signersFor].some((id) => !stateRef.current.signers[id])) void refreshNow();
  }, [signersKey, enabled]);

  return { state, loading: loading && state.packages === null, refresh: refreshNow };
}
