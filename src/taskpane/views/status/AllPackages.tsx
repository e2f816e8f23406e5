/** All packages' tab: the filters, then the count, the cards and the pages (or the failure to read them). */
import { Caption1, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import type { PackagesApi } from "../../../api/packages";
import type { Identity } from "../../session";
import FeedError from "./FeedError";
import Freshness from "./Freshness";
import PackageCards from "./PackageCards";
import PackageFilters from "./PackageFilters";
import Pager from "./Pager";
import { useAllPackages } from "./use-all-packages";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
});

export default function AllPackages({
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
  const list = useAllPackages(api, enabled, paused);
  const { state, page, totalPages } = list;

  return (
    <div className={styles.root}>
      <PackageFilters
        typed={list.typed}
        onType={list.setTyped}
        filter={list.filter}
        onFilter={list.chooseFilter}
      />
      {list.loading ? (
        <Spinner size="tiny" label="Reading your packages…" labelPosition="after" />
      ) : state.packages === null ? (
        state.error !== null && <FeedError title="Could not read the packages" error={state.error} />
      ) : (
        <>
          <Freshness state={state} onRefresh={() => void list.refresh()} />
          <Caption1 role="status">
            {state.totalCount === 0
              ? "No packages match."
              : state.totalCount === 1
                ? "1 package"
                : `${state.totalCount} packages`}
          </Caption1>
          <PackageCards
            packages={state.packages}
            feed={state}
            api={api}
            identity={identity}
            label="All packages, newest first"
            expanded={list.expanded}
            onToggle={list.toggle}
            onChanged={() => void list.refresh()}
          />
          {totalPages > 1 && (
            <Pager
              page={page}
              totalPages={totalPages}
              onPrevious={() => list.setPage((p) => p - 1)}
              onNext={() => list.setPage((p) => p + 1)}
            />
          )}
        </>
      )}
    </div>
  );
}
