/**
 * All packages' list: the user's own (the mailbox's address as sender), searched once typing pauses,
 * filtered by status, a page at a time, signers read only for the open cards; kept current.
 */
import { useEffect, useMemo, useState } from "react";
import type { PackagesApi } from "../../../api/packages";
import { useHost } from "../../host-context";
import { usePackageFeed, type FeedTarget } from "../../status/use-package-feed";
import { STATUS_FILTERS } from "../../status/words";

export const PAGE_SIZE = 25;

export function useAllPackages(api: PackagesApi, enabled: boolean, paused: boolean) {
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

  const chooseFilter = (value: string) => {
    setFilter(value);
    setPage(1);
  };

  return {
    typed,
    setTyped,
    filter,
    chooseFilter,
    page,
    setPage,
    totalPages,
    expanded,
    toggle,
    state,
    loading,
    refresh,
  };
}
