import { useId } from "react";
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
import { SIGNING_GROUP_LIMITS, type SigningGroupSort } from "../../../api/signing-groups";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { LoadState } from "../../components/LoadState";
import { ConfirmDialog } from "./ConfirmDialog";
import { formatDate } from "./format-date";
import { GroupDetail } from "./GroupDetail";
import { useGroups } from "./groups-context";
import { plural } from "./MemberOutcomes";
import { useGroupListing } from "./use-group-listing";
import { useGroupSelection } from "./use-group-selection";
import { useOpenedGroup } from "./use-opened-group";

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

/** The tenant's signing groups: search, sort, pages, open one, delete one or several. */
export function ManageGroups() {
  const styles = useStyles();
  const headingId = useId();
  const { canWrite } = useGroups();
  const { query, dispatch, listing } = useGroupListing();
  const selection = useGroupSelection();
  const opened = useOpenedGroup();
  const { search, sortBy, descending, page, pageSize } = query;
  const { selected, tooMany, outcome: bulk } = selection;

  if (opened.open) return <GroupDetail group={opened.open} onClose={opened.close} />;

  const list = listing.status === "ready" ? listing.list : null;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId}>
        All signing groups
      </Subtitle2>
      {opened.notice && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{opened.notice}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.toolbar}>
        <Field label="Search" style={{ flexGrow: 2 }}>
          <SearchBox
            value={query.searchDraft}
            placeholder="Name, description or member address"
            onChange={(_, data) => dispatch({ type: "searchTyped", text: data.value })}
          />
        </Field>
        <Field label="Sort by" className={styles.sort}>
          <Dropdown
            value={SORTS.find((s) => s.value === sortBy)!.label}
            selectedOptions={[sortBy]}
            onOptionSelect={(_, data) =>
              dispatch({ type: "sorted", sortBy: data.optionValue as SigningGroupSort })
            }
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
          onClick={() => dispatch({ type: "directionToggled" })}
        >
          {descending ? "Descending" : "Ascending"}
        </Button>
      </div>

      <LoadState state={listing} loading="Loading signing groups…" failed="Could not list signing groups" />

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
                    onChange={(_, data) => selection.toggle(g, data.checked === true)}
                    aria-label={`Select ${g.name}`}
                  />
                )}
                <span className={styles.rowText}>
                  <Link as="button" onClick={() => opened.openGroup(g)}>
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
              onClick={() => dispatch({ type: "pageChosen", page: page - 1 })}
              aria-label="Previous page"
            />
            <Caption1>
              Page {list.page} of {Math.max(1, list.totalPages)}
            </Caption1>
            <Button
              icon={<ChevronRightRegular />}
              disabled={page >= list.totalPages}
              onClick={() => dispatch({ type: "pageChosen", page: page + 1 })}
              aria-label="Next page"
            />
            <Dropdown
              aria-label="Groups per page"
              style={{ minWidth: "72px" }}
              value={String(pageSize)}
              selectedOptions={[String(pageSize)]}
              onOptionSelect={(_, data) =>
                dispatch({ type: "pageSizeChosen", pageSize: Number(data.optionValue) })
              }
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
          <Button icon={<DeleteRegular />} disabled={selection.deleting || tooMany} onClick={selection.ask}>
            Delete {plural(selected.size, "selected group")}
          </Button>
        </Field>
      )}
      {selection.deleting && <Spinner size="tiny" label="Deleting…" labelPosition="after" />}
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
        open={selection.confirming}
        title={`Delete ${plural(selected.size, "signing group")}?`}
        confirm={`Delete ${plural(selected.size, "group")}`}
        onConfirm={() => void selection.bulkDelete()}
        onCancel={selection.cancel}
      >
        {[...selected.values()].join(", ")} will be deleted with their member lists. This cannot be undone.
        Packages already sent are not affected.
      </ConfirmDialog>
    </section>
  );
}
