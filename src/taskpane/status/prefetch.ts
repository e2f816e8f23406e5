/**
 * The Status view's first reads, started before its chunk loads, so that the thread's packages paint
 * soon after the pane shows. The pane starts them when it opens on Status and when the Status
 * tab is chosen, so who the user is (GET /me) and the thread's list with every package's signers
 * (includeSigners: one request, no waterfall of a signer list a package behind it) travel side by
 * side while the view's code downloads and starts, instead of one after the other behind it. The view takes
 * each answer once (the first read of its feed and of RequireIdentity); anything that is not a 200, or
 * is older than MAX_AGE_MS, is dropped and the view asks as usual (its client handles errors and
 * retries). In the pane's first download, so plain fetch: the HTTP client loads with the views.
 */
export interface EarlyAnswer {
  data: unknown;
  etag: string | null;
}

/** An answer older than this is not taken: the view asks again rather than paint stale packages. */
export const MAX_AGE_MS = 10_000;

interface Early {
  serviceUrl: string;
  startedAt: number;
  reads: Map<string, Promise<EarlyAnswer | null>>;
}

let early: Early | null = null;

export interface PrefetchInput {
  serviceUrl: string;
  getToken(): Promise<string | null>;
  /** The open message's thread: conversationId, else internetMessageId (as the view asks). */
  conversationId: string | null;
  internetMessageId: string | null;
  /** Whether GET /me is needed (the pane does not know who is signed in yet). */
  identity: boolean;
  now?: () => number;
}

/** The key of the thread's list read: what the view asks for (views/status/use-thread-feed.ts). */
export function threadListKey(source: { conversationId: string | null; internetMessageId: string | null }) {
  if (source.conversationId) return `list:conversationId=${source.conversationId}`;
  if (source.internetMessageId) return `list:internetMessageId=${source.internetMessageId}`;
  return null;
}

/** The thread's list asks for up to 50 packages: a thread has a few. */
export const THREAD_PAGE_SIZE = 50;

/** The thread's list query besides the thread: a page of it with each package's signers. */
export const THREAD_QUERY = { pageSize: THREAD_PAGE_SIZE, includeSigners: true } as const;

export function prefetchStatus(input: PrefetchInput): void {
  const listKey = threadListKey(input);
  const now = input.now ?? Date.now;
  const base = input.serviceUrl.replace(/\/+$/, "");
  const reads = new Map<string, Promise<EarlyAnswer | null>>();
  early = { serviceUrl: base, startedAt: now(), reads };
  const token = input.getToken().catch(() => null);
  const get = (path: string): Promise<EarlyAnswer | null> =>
    token
      .then(async (bearer) => {
        if (!bearer) return null;
        const response = await fetch(base + path, {
          headers: { Accept: "application/json", Authorization: `Bearer ${bearer}` },
        });
        if (response.status !== 200) return null;
        return { data: (await response.json()) as unknown, etag: response.headers.get("ETag") };
      })
      .catch(() => null);
  if (input.identity) reads.set("me", get("/api/v1/me"));
  if (!listKey) return;
  const field = input.conversationId ? "conversationId" : "internetMessageId";
  const value = (input.conversationId || input.internetMessageId)!;
  reads.set(
    listKey,
    get(
      `/api/v1/packages?${field}=${encodeURIComponent(value)}&pageSize=${THREAD_QUERY.pageSize}` +
        `&includeSigners=${THREAD_QUERY.includeSigners}`,
    ),
  );
}

/**
 * The early answer to `key` for this service, once: null when there is none, it failed, or it is too
 * old by the time it is asked for (or arrives).
 */
export function takePrefetched(
  serviceUrl: string,
  key: string,
  now: () => number = Date.now,
): Promise<EarlyAnswer | null> | null {
  const current = early;
  if (!current || current.serviceUrl !== serviceUrl.replace(/\/+$/, "")) return null;
  const read = current.reads.get(key);
  if (!read) return null;
  current.reads.delete(key);
  if (now() - current.startedAt > MAX_AGE_MS) return null;
  return read.then((answer) => (answer && now() - current.startedAt <= MAX_AGE_MS ? answer : null));
}

/**
 * Whether the early read of the thread's list found packages, without taking it (the Status view
 * still takes it): false when there was no such read, it failed, or the thread has none.
 */
export function threadHasPackages(key: string): Promise<boolean> {
  const read = early?.reads.get(key);
  if (!read) return Promise.resolve(false);
  return read.then((answer) => {
    const items = (answer?.data as { items?: unknown } | undefined)?.items;
    return Array.isArray(items) && items.length > 0;
  });
}

/** Forgets every early read (sign-out, tests). */
export function clearPrefetch(): void {
  early = null;
}
