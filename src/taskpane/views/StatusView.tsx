/**
 * The Status view: what happened to the documents sent for signature from this conversation, and all the
 * user's packages, in two tabs. Its parts are in status/.
 */
import { useMemo, useRef } from "react";
import { Subtitle2, Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { createPackagesApi } from "../../api/packages";
import { RequireIdentity } from "../components/RequireIdentity";
import { useServiceClient } from "../service-client";
import type { Identity } from "../session";
import { DialogHoldContext, useDialogHold } from "../status/dialog-hold";
import AllPackages from "./status/AllPackages";
import ThreadPackages from "./status/ThreadPackages";
import { usePanelShown } from "./status/use-panel-shown";
import { useStatusTabs, type StatusTab } from "./status/use-status-tabs";
import { withEarlyReads } from "./status/with-early-reads";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { margin: 0 },
});

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

function StatusPanel({ identity }: { identity: Identity }) {
  const styles = useStyles();
  const client = useServiceClient();
  const api = useMemo(() => withEarlyReads(createPackagesApi(client), client.baseUrl), [client]);
  const root = useRef<HTMLDivElement>(null);
  const shown = usePanelShown(root);
  // Every feed of the view holds its background refreshes while a card's dialog is open.
  const { held, hold } = useDialogHold();
  // After the two above: its effect (a navigation's package) must run after theirs.
  const { tab, visited, select, focusId, clearFocus } = useStatusTabs();

  return (
    <DialogHoldContext.Provider value={hold}>
      <div className={styles.root} ref={root}>
        <Subtitle2 as="h2" id="status-heading" className={styles.heading}>
          Signing status
        </Subtitle2>
        <TabList
          size="small"
          selectedValue={tab}
          onTabSelect={(_, data) => select(data.value as StatusTab)}
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
            onClearFocus={clearFocus}
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
