import { useEffect, useReducer, useState } from "react";
import { isApiError } from "../../../api/errors";
import type { SigningGroupList, SigningGroupSort } from "../../../api/signing-groups";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";

const SEARCH_DELAY_MS = 300;

/** Which page of which groups is asked for: the search as typed and as sent, the order, the page. */
export interface ListingQuery {
  searchDraft: string;
  search: string;
  sortBy: SigningGroupSort;
  descending: boolean;
  page: number;
  pageSize: number;
}

export type ListingQueryAction =
  | { type: "searchTyped"; text: string }
  /** The user stopped typing: the search is sent, from the first page. */
  | { type: "searchSettled" }
  | { type: "sorted"; sortBy: SigningGroupSort }
  | { type: "directionToggled" }
  | { type: "pageChosen"; page: number }
  | { type: "pageSizeChosen"; pageSize: number };

export const initialListingQuery: ListingQuery = {
  searchDraft: "",
  search: "",
  sortBy: "name",
  descending: false,
  page: 1,
  pageSize: 25,
};

/** The query with the changes, or the same query when nothing changed (no render, no new request). */
function withChanges(query: ListingQuery, changes: Partial<ListingQuery>): ListingQuery {
  const keys = Object.keys(changes) as (keyof ListingQuery)[];
  return keys.every((k) => query[k] === changes[k]) ? query : { ...query, ...changes };
}

export function listingQueryReducer(query: ListingQuery, action: ListingQueryAction): ListingQuery {
  switch (action.type) {
    case "searchTyped":
      return withChanges(query, { searchDraft: action.text });
    case "searchSettled":
      return withChanges(query, { search: query.searchDraft.trim(), page: 1 });
    case "sorted":
      return withChanges(query, { sortBy: action.sortBy, page: 1 });
    case "directionToggled":
      return withChanges(query, { descending: !query.descending, page: 1 });
    case "pageChosen":
      return withChanges(query, { page: action.page });
    case "pageSizeChosen":
      return withChanges(query, { pageSize: action.pageSize, page: 1 });
  }
}

export type Listing =
  { status: "loading" } | { status: "ready"; list: SigningGroupList } | { status: "failed"; error: unknown };

/**
 * The tenant's signing groups, one page of them as searched and sorted, read again whenever the query
 * or the pane's groups change. The page shown stays while the next is read.
 */
export function useGroupListing() {
  const { api, revision } = useGroups();
  const track = useTelemetry();
  const [query, dispatch] = useReducer(listingQueryReducer, initialListingQuery);
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const { searchDraft, search, sortBy, descending, page, pageSize } = query;

  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: "searchSettled" }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchDraft]);

  useEffect(() => {
    const abort = new AbortController();
    setListing((l) => (l.status === "ready" ? l : { status: "loading" }));
    const action = track.actionStarted("groups.list");
    api
      .list({ page, pageSize, sortBy, descending, ...(search ? { search } : {}) }, { signal: abort.signal })
      .then(
        (list) => {
          action.succeeded();
          // The last page emptied (deletions): show the new last page.
          if (list.items.length === 0 && page > 1 && list.totalPages < page)
            dispatch({ type: "pageChosen", page: Math.max(1, list.totalPages) });
          setListing({ status: "ready", list });
        },
        (error: unknown) => {
          if (isApiError(error) && error.kind === "cancelled") return;
          action.failed(error);
          setListing({ status: "failed", error });
        },
      );
    return () => abort.abort();
  }, [api, page, pageSize, sortBy, descending, search, revision]); // not `track`: telemetry never changes what is listed

  return { query, dispatch, listing };
}
