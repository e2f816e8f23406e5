import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  Body1,
  Button,
  Caption1,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  SearchBox,
  Select,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowClockwiseRegular, SendRegular } from "@fluentui/react-icons";
import { createPackagesApi, type Package, type PackageList, type PackagesApi } from "../../api/packages";
import { RequireIdentity } from "../components/RequireIdentity";
import { useNavigation, useNavigationRequest } from "../navigation";
import { useHost } from "../host-context";
import { useServiceClient } from "../service-client";
import type { Identity } from "../session";
import { usePackageFeed, type FeedState, type FeedTarget } from "../status/use-package-feed";
import { THREAD_QUERY, takePrefetched, threadListKey } from "../status/prefetch";
import { DialogHoldContext, useDialogHold } from "../status/dialog-hold";
import { useThreadSource } from "../status/use-thread-source";
import { STATUS_FILTERS, age } from "../status/words";
import { PackageCard } from "./status/PackageCard";

const PAGE_SIZE = 25;

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  cards: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  freshness: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
  muted: { color: tokens.colorNeutralForeground3 },
  filters: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  pager: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
});

/** What happened to the documents sent for signature from this conversation, and all the user's packages. */
export default function StatusView() {
  return (
    <RequireIdentity
      title="Signing status"
      headingId="status-heading"
      signInFor="to see what happened to the documents sent for signature from this conversation."
    >
      {(identity) => <StatusPanel identity={identity} />}
    </RequireIdentity>
  );
}

/**
 * The packages API whose first read of the thread's list (with its signers) takes the answer the pane
 * asked for before this view loaded (status/prefetch.ts), when there is one.
 */
function withEarlyReads(api: PackagesApi, serviceUrl: string): PackagesApi {
  return {
    ...api,
    async list(query, etag, options) {
      const { conversationId = null, internetMessageId = null, pageSize, includeSigners, ...rest } = query;
      const key = threadListKey({ conversationId, internetMessageId });
      const plain =
        Object.keys(rest).length === 0 &&
        pageSize === THREAD_QUERY.pageSize &&
        includeSigners === THREAD_QUERY.includeSigners;
      const early = !etag && key && plain ? await takePrefetched(serviceUrl, key) : null;
      if (early) return { notModified: false, data: early.data as PackageList, etag: early.etag };
      return api.list(query, etag, options);
    },
  };
}

/** Whether the pane shows this view's tab panel (a view once shown stays mounted, hidden, in App). */
function usePanelShown(ref: React.RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const panel = ref.current?.closest("[role=tabpanel]");
    if (!panel) return;
    const update = () => setShown(!panel.hasAttribute("hidden"));
    update();
    const observer = new MutationObserver(update);
    observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
    return () => observer.disconnect();
  }, [ref]);
  return shown;
}

function StatusPanel({ identity }: { identity: Identity }) {
  const styles = useStyles();
  const client = useServiceClient();
  const api = useMemo(() => withEarlyReads(createPackagesApi(client), client.baseUrl), [client]);
  const request = useNavigationRequest("status");
  const [tab, setTab] = useState<"thread" | "all">("thread");
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(["thread"]));
  const [focusId, setFocusId] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const shown = usePanelShown(root);
  // Every feed of the view holds its background refreshes while a card's dialog is open.
  const { held, hold } = useDialogHold();

  // Another view sent the user here to see one package (Send's "see its status").
  const seq = request?.seq;
  useEffect(() => {
    if (!request?.packageId) return;
    setFocusId(request.packageId);
    setTab("thread");
  }, [seq]);

  const select = (value: "thread" | "all") => {
    setTab(value);
    setVisited((seen) => (seen.has(value) ? seen : new Set([...seen, value])));
  };

  return (
    <DialogHoldContext.Provider value={hold}>
      <div className={styles.root} ref={root}>
        <Subtitle2 as="h2" id="status-heading" className={styles.heading}>
          Signing status
        </Subtitle2>
        <TabList
          size="small"
          selectedValue={tab}
          onTabSelect={(_, data) => select(data.value as "thread" | "all")}
          aria-label="Which packages"
        >
          <Tab value="thread" id="status-tab-thread" aria-controls="status-panel-thread">
            This conversation
          </Tab>
          <Tab value="all" id="status-tab-all" aria-controls="status-panel-all">
            All packages
          </Tab>
        </TabList>
        <div
          role="tabpanel"
          id="status-panel-thread"
          aria-labelledby="status-tab-thread"
          hidden={tab !== "thread"}
        >
          <ThreadPackages
            api={api}
            identity={identity}
            enabled={shown && tab === "thread"}
            paused={held}
            focusId={focusId}
            onClearFocus={() => setFocusId(null)}
          />
        </div>
        {visited.has("all") && (
          <div role="tabpanel" id="status-panel-all" aria-labelledby="status-tab-all" hidden={tab !== "all"}>
            <AllPackages api={api} identity={identity} enabled={shown && tab === "all"} paused={held} />
          </div>
        )}
      </div>
    </DialogHoldContext.Provider>
  );
}

/** "Updated just now" and Refresh; after a failed refresh, the failure and the age of what is shown. */
function Freshness({ state, onRefresh }: { state: FeedState; onRefresh(): void }) {
  const styles = useStyles();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const shownAge = state.fetchedAt === null ? null : age(state.fetchedAt, Math.max(now, state.fetchedAt));
  return (
    <>
      <div className={styles.freshness}>
        <Caption1 className={styles.muted}>{shownAge ? `Updated ${shownAge}` : ""}</Caption1>
        <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={onRefresh}>
          Refresh
        </Button>
      </div>
      {state.error !== null && (
        <MessageBar intent="warning" layout="multiline" role="status">
          <MessageBarBody>
            <MessageBarTitle>Could not refresh</MessageBarTitle>
            {state.error instanceof Error ? state.error.message : String(state.error)}{" "}
            {shownAge ? `Showing what was current ${shownAge}.` : ""}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

function Cards({
  packages,
  feed,
  api,
  identity,
  label,
  onChanged,
  highlight,
}: {
  packages: readonly Package[];
  feed: FeedState;
  api: PackagesApi;
  identity: Identity;
  label: string;
  onChanged(): void;
  highlight?: boolean;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.cards} aria-label={label}>
      {packages.map((pkg) => (
        <li key={pkg.id}>
          <PackageCard
            pkg={pkg}
            signers={feed.signers[pkg.id]}
            api={api}
            identity={identity}
            highlighted={highlight}
            onChanged={onChanged}
          />
        </li>
      ))}
    </ul>
  );
}

function OnePackage({
  api,
  identity,
  id,
  enabled,
  paused,
  title,
  children,
}: {
  api: PackagesApi;
  identity: Identity;
  id: string;
  enabled: boolean;
  paused: boolean;
  title: string;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const target = useMemo<FeedTarget>(() => ({ kind: "one", id }), [id]);
  const { state, refresh } = usePackageFeed(api, target, { signersFor: "all", enabled, paused });
  return (
    <section className={styles.section} aria-label={title}>
      <Body1 as="h3" className={styles.heading}>
        <strong>{title}</strong>
      </Body1>
      {children}
      {state.packages === null && state.error !== null ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Could not show this package</MessageBarTitle>
            {state.error instanceof Error ? state.error.message : String(state.error)}
          </MessageBarBody>
        </MessageBar>
      ) : state.packages === null ? (
        <Spinner size="tiny" label="Reading the package…" labelPosition="after" />
      ) : (
        <Cards
          packages={state.packages}
          feed={state}
          api={api}
          identity={identity}
          label={title}
          highlight
          onChanged={() => void refresh()}
        />
      )}
    </section>
  );
}

function ThreadPackages({
  api,
  identity,
  enabled,
  paused,
  focusId,
  onClearFocus,
}: {
  api: PackagesApi;
  identity: Identity;
  enabled: boolean;
  paused: boolean;
  focusId: string | null;
  onClearFocus(): void;
}) {
  const styles = useStyles();
  const { navigate } = useNavigation();
  const source = useThreadSource();
  const target = useMemo<FeedTarget | null>(() => {
    if (source.status !== "ready") return null;
    // Each package with its signers (includeSigners): one request a refresh, one ETag.
    if (source.conversationId)
      return { kind: "list", query: { conversationId: source.conversationId, ...THREAD_QUERY } };
    if (source.internetMessageId)
      return { kind: "list", query: { internetMessageId: source.internetMessageId, ...THREAD_QUERY } };
    return null;
  }, [source]);
  const { state, loading, refresh } = usePackageFeed(api, target, { signersFor: "all", enabled, paused });
  const notice = source.status === "ready" ? source.noticePackageId : null;
  const shownApart = new Set([focusId, notice].filter((id): id is string => Boolean(id)));

  const offerSend = (
    <div>
      <Button appearance="primary" icon={<SendRegular />} onClick={() => navigate({ view: "send" })}>
        Send for signature
      </Button>
    </div>
  );

  return (
    <div className={styles.root}>
      {focusId && (
        <OnePackage
          api={api}
          identity={identity}
          id={focusId}
          enabled={enabled}
          paused={paused}
          title="The package you chose"
        >
          <div>
            <Button size="small" appearance="secondary" onClick={onClearFocus}>
              Done
            </Button>
          </div>
        </OnePackage>
      )}
      {notice && notice !== focusId && (
        <OnePackage
          api={api}
          identity={identity}
          id={notice}
          enabled={enabled}
          paused={paused}
          title="This mail is about"
        />
      )}
      <section className={styles.section} aria-labelledby="status-thread-heading">
        <Body1 as="h3" id="status-thread-heading" className={styles.heading}>
          <strong>Sent from this conversation</strong>
        </Body1>
        {source.status === "no-item" ? (
          <MessageBar intent="info">
            <MessageBarBody>
              <MessageBarTitle>No message open</MessageBarTitle>
              Select a message to see what was sent for signature from its conversation.
            </MessageBarBody>
          </MessageBar>
        ) : target === null ? (
          <>
            <Body1 as="p">This message is new: nothing has been sent for signature from it yet.</Body1>
            {offerSend}
          </>
        ) : loading ? (
          <Spinner size="tiny" label="Looking for packages…" labelPosition="after" />
        ) : state.packages === null ? (
          state.error !== null && (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>Could not read the packages</MessageBarTitle>
                {state.error instanceof Error ? state.error.message : String(state.error)}
              </MessageBarBody>
            </MessageBar>
          )
        ) : (
          <>
            <Freshness state={state} onRefresh={() => void refresh()} />
            {state.packages.length === 0 ? (
              <>
                <Body1 as="p">Nothing has been sent for signature from this conversation yet.</Body1>
                {offerSend}
              </>
            ) : state.packages.every((p) => shownApart.has(p.id)) ? (
              // Its only packages are shown above (the one chosen, the one this mail is about).
              <Body1 as="p">
                {state.packages.length === 1
                  ? "Nothing else: the package above is the only one sent from this conversation."
                  : "Nothing else: the packages above are the only ones sent from this conversation."}
              </Body1>
            ) : (
              <Cards
                packages={state.packages.filter((p) => !shownApart.has(p.id))}
                feed={state}
                api={api}
                identity={identity}
                label="Packages of this conversation, newest first"
                onChanged={() => void refresh()}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

function AllPackages({
  api,
  identity,
  enabled,
  paused,
}: {
  api: PackagesApi;
  identity: Identity;
  enabled: boolean;
  paused: boolean;
}) {
  const styles = useStyles();
  const { host } = useHost();
  // The user's own packages: those their mailbox sent (the Send view names it as the sender).
  const me = host?.userAddress().trim() ?? "";
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("all");
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  // Ask once the user pauses typing, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const statuses = STATUS_FILTERS.find((f) => f.value === filter)?.statuses ?? [];
  const target = useMemo<FeedTarget>(
    () => ({
      kind: "list",
      query: {
        page,
        pageSize: PAGE_SIZE,
        ...(me ? { senderEmail: me } : {}),
        ...(search ? { search } : {}),
        ...(statuses.length ? { status: [...statuses] } : {}),
      },
    }),
    [page, search, filter, me],
  );
  const { state, loading, refresh } = usePackageFeed(api, target, {
    signersFor: expanded,
    enabled,
    keepPrevious: true,
    paused,
  });
  const totalPages = Math.max(1, Math.ceil(state.totalCount / PAGE_SIZE));

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className={styles.root}>
      <div className={styles.filters}>
        <Field label="Search by name">
          <SearchBox value={typed} onChange={(_, data) => setTyped(data.value)} />
        </Field>
        <Field label="Status">
          <Select
            value={filter}
            onChange={(_, data) => {
              setFilter(data.value);
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {loading ? (
        <Spinner size="tiny" label="Reading your packages…" labelPosition="after" />
      ) : state.packages === null ? (
        state.error !== null && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>Could not read the packages</MessageBarTitle>
              {state.error instanceof Error ? state.error.message : String(state.error)}
            </MessageBarBody>
          </MessageBar>
        )
      ) : (
        <>
          <Freshness state={state} onRefresh={() => void refresh()} />
          <Caption1 role="status">
            {state.totalCount === 0
              ? "No packages match."
              : state.totalCount === 1
                ? "1 package"
                : `${state.totalCount} packages`}
          </Caption1>
          <ul className={styles.cards} aria-label="All packages, newest first">
            {state.packages.map((pkg) => (
              <li key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  signers={state.signers[pkg.id]}
                  api={api}
                  identity={identity}
                  expanded={expanded.has(pkg.id)}
                  onToggle={() => toggle(pkg.id)}
                  onChanged={() => void refresh()}
                />
              </li>
            ))}
          </ul>
          {totalPages > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              <Button size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Caption1>
                Page {page} of {totalPages}
              </Caption1>
              <Button size="small" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
