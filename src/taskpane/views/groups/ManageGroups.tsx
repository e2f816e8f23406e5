import { useEffect, useId, useState } from "react";
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Dropdown,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  SearchBox,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  ArrowSortDownRegular,
  ArrowSortUpRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  DeleteRegular,
} from "@fluentui/react-icons";
import { isApiError } from "../../../api/errors";
import {
  SIGNING_GROUP_LIMITS,
  type BulkDeleteResult,
  type SigningGroup,
  type SigningGroupList,
  type SigningGroupSort,
} from "../../../api/signing-groups";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { formatDate } from "./format-date";
import { GroupDetail } from "./GroupDetail";
import { useTelemetry } from "../../telemetry";
import { useGroups } from "./groups-context";
import { plural } from "./MemberOutcomes";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  toolbar: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  sort: { minWidth: "140px", flexGrow: 1 },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  row: {
    display: "flex",
    alignItems: "flex-start",
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rowText: {
    display: "flex",
    flexDirection: "column",
    paddingTop: "6px",
    overflowWrap: "anywhere",
    minWidth: 0,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  results: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

const SORTS: readonly { value: SigningGroupSort; label: string }[] = [
  { value: "name", label: "Name" },
  { value: "updatedOn", label: "Last changed" },
  { value: "createdOn", label: "Created" },
  { value: "memberCount", label: "Members" },
];
const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

type Listing =
  { state: "loading" } | { state: "ready"; list: SigningGroupList } | { state: "failed"; error: unknown };
type BulkOutcome = { result: BulkDeleteResult; names: ReadonlyMap<string, string> } | { error: unknown };

/** The tenant's signing groups: search, sort, pages, open one, delete one or several. */
export function ManageGroups() {
  const styles = useStyles();
  const headingId = useId();
  const { api, revision, changed, canWrite } = useGroups();
  const track = useTelemetry();
  const [searchDraft, setSearchDraft] = useState("");
  const [search, setSearch] = useState("");
  const [sortBy, setSortBy] = useState<SigningGroupSort>("name");
  const [descending, setDescending] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [listing, setListing] = useState<Listing>({ state: "loading" });
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [bulk, setBulk] = useState<BulkOutcome | null>(null);
  const [open, setOpen] = useState<SigningGroup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchDraft.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchDraft]);

  useEffect(() => {
    const abort = new AbortController();
    setListing((l) => (l.state === "ready" ? l : { state: "loading" }));
    const action = track.actionStarted("groups.list");
    api
      .list({ page, pageSize, sortBy, descending, ...(search ? { search } : {}) }, { signal: abort.signal })
      .then(
        (list) => {
          action.succeeded();
          // The last page emptied (deletions): show the new last page.
          if (list.items.length === 0 && page > 1 && list.totalPages < page)
            setPage(Math.max(1, list.totalPages));
          setListing({ state: "ready", list });
        },
        (error: unknown) => {
          if (isApiError(error) && error.kind === "cancelled") return;
          action.failed(error);
          setListing({ state: "failed", error });
        },
      );
    return () => abort.abort();
  }, [api, page, pageSize, sortBy, descending, search, revision]); // not `track`: telemetry never changes what is listed

  if (open) {
    return (
      <GroupDetail
        group={open}
        onClose={(message) => {
          setOpen(null);
          setNotice(message ?? null);
        }}
      />
    );
  }

  const toggle = (group: SigningGroup, on: boolean): void =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(group.id, group.name);
      else next.delete(group.id);
      return next;
    });

  const bulkDelete = async (): Promise<void> => {
    setConfirming(false);
    setDeleting(true);
    const names = new Map(selected);
    const action = track.actionStarted("groups.bulk_delete");
    try {
      const result = await api.bulkDelete([...names.keys()]);
      action.succeeded();
      setBulk({ result, names });
      setSelected(new Map([...names].filter(([id]) => !result.results.find((r) => r.id === id)?.success)));
      changed();
    } catch (error) {
      action.failed(error);
      setBulk({ error });
    } finally {
      setDeleting(false);
    }
  };

  const list = listing.state === "ready" ? listing.list : null;
  const tooMany = selected.size > SIGNING_GROUP_LIMITS.idsPerBulkDelete;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        All signing groups
      </Subtitle2>
      {notice && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.toolbar}>
        <Field label="Search" style={{ flexGrow: 2 }}>
          <SearchBox
            value={searchDraft}
            placeholder="Name, description or member address"
            onChange={(_, data) => setSearchDraft(data.value)}
          />
        </Field>
        <Field label="Sort by" className={styles.sort}>
          <Dropdown
            value={SORTS.find((s) => s.value === sortBy)!.label}
            selectedOptions={[sortBy]}
            onOptionSelect={(_, data) => {
              setSortBy(data.optionValue as SigningGroupSort);
              setPage(1);
            }}
          >
            {SORTS.map((s) => (
              <Option key={s.value} value={s.value}>
                {s.label}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button
          icon={descending ? <ArrowSortDownRegular /> : <ArrowSortUpRegular />}
          aria-pressed={descending}
          onClick={() => {
            setDescending(!descending);
            setPage(1);
          }}
        >
          {descending ? "Descending" : "Ascending"}
        </Button>
      </div>

      {listing.state === "loading" && (
        <Spinner size="tiny" label="Loading signing groups…" labelPosition="after" />
      )}
      {listing.state === "failed" && (
        <ApiErrorMessage title="Could not list signing groups" error={listing.error} />
      )}

      {list && list.totalCount === 0 && (
        <Body1 className={styles.muted}>
          {search ? `No signing group matches “${search}”.` : "Your organisation has no signing groups yet."}
        </Body1>
      )}
      {list && list.items.length > 0 && (
        <>
          <Caption1 className={styles.muted} role="status">
            {plural(list.totalCount, "group")}
            {search ? ` match “${search}”` : ""}
          </Caption1>
          <ul className={styles.list} aria-label="Signing groups">
            {list.items.map((g) => (
              <li key={g.id} className={styles.row}>
                {canWrite && (
                  <Checkbox
                    checked={selected.has(g.id)}
                    onChange={(_, data) => toggle(g, data.checked === true)}
                    aria-label={`Select ${g.name}`}
                  />
                )}
                <span className={styles.rowText}>
                  <Link as="button" onClick={() => setOpen(g)}>
                    {g.name}
                  </Link>
                  <Caption1 className={styles.muted}>
                    {plural(g.memberCount, "member")} · changed {formatDate(g.updatedOn)}
                  </Caption1>
                </span>
              </li>
            ))}
          </ul>
          <nav className={styles.pager} aria-label="Pages of signing groups">
            <Button
              icon={<ChevronLeftRegular />}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              aria-label="Previous page"
            />
            <Caption1>
              Page {list.page} of {Math.max(1, list.totalPages)}
            </Caption1>
            <Button
              icon={<ChevronRightRegular />}
              disabled={page >= list.totalPages}
              onClick={() => setPage(page + 1)}
              aria-label="Next page"
            />
            <Dropdown
              aria-label="Groups per page"
              style={{ minWidth: "72px" }}
              value={String(pageSize)}
              selectedOptions={[String(pageSize)]}
              onOptionSelect={(_, data) => {
                setPageSize(Number(data.optionValue));
                setPage(1);
              }}
            >
              {PAGE_SIZES.map((n) => (
                <Option key={n} value={String(n)}>
                  {String(n)}
                </Option>
              ))}
            </Dropdown>
          </nav>
        </>
      )}

      {canWrite && selected.size > 0 && (
        <Field
          {...(tooMany
            ? {
                validationMessage: `Delete at most ${SIGNING_GROUP_LIMITS.idsPerBulkDelete} groups at a time.`,
                validationState: "error" as const,
              }
            : {})}
        >
          <Button icon={<DeleteRegular />} disabled={deleting || tooMany} onClick={() => setConfirming(true)}>
            Delete {plural(selected.size, "selected group")}
          </Button>
        </Field>
      )}
      {deleting && <Spinner size="tiny" label="Deleting…" labelPosition="after" />}
      {bulk && "error" in bulk && <ApiErrorMessage title="Nothing was deleted" error={bulk.error} />}
      {bulk && "result" in bulk && (
        <MessageBar
          intent={bulk.result.failureCount > 0 ? "warning" : "success"}
          layout="multiline"
          role="status"
        >
          <MessageBarBody>
            <MessageBarTitle>
              Deleted {bulk.result.successCount} of {bulk.result.results.length}
            </MessageBarTitle>
            <ul className={styles.results} aria-label="Deletion results">
              {bulk.result.results.map((r) => (
                <li key={r.id}>
                  {bulk.names.get(r.id) ?? r.id}:{" "}
                  {r.success ? "deleted" : (r.error?.message ?? "not deleted")}
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(selected.size, "signing group")}?`}
        confirm={`Delete ${plural(selected.size, "group")}`}
        onConfirm={() => void bulkDelete()}
        onCancel={() => setConfirming(false)}
      >
        {[...selected.values()].join(", ")} will be deleted with their member lists. This cannot be undone.
        Packages already sent are not affected.
      </ConfirmDialog>
    </section>
  );
}
