/**
 * This conversation's tab: the package chosen and the one this mail is about apart, then the packages
 * sent from the conversation (or why there are none, with a button to Send).
 */
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { PackagesApi } from "../../../api/packages";
import type { Identity } from "../../session";
import FeedError from "./FeedError";
import Freshness from "./Freshness";
import OfferSend from "./OfferSend";
import OnePackage from "./OnePackage";
import PackageCards from "./PackageCards";
import { useThreadFeed } from "./use-thread-feed";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
});

export default function ThreadPackages({
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
  const { source, target, state, loading, refresh } = useThreadFeed(api, enabled, paused);
  const notice = source.status === "ready" ? source.noticePackageId : null;
  const shownApart = new Set([focusId, notice].filter((id): id is string => Boolean(id)));

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
            <OfferSend />
          </>
        ) : loading ? (
          <Spinner size="tiny" label="Looking for packages…" labelPosition="after" />
        ) : state.packages === null ? (
          state.error !== null && <FeedError title="Could not read the packages" error={state.error} />
        ) : (
          <>
            <Freshness state={state} onRefresh={() => void refresh()} />
            {state.packages.length === 0 ? (
              <>
                <Body1 as="p">Nothing has been sent for signature from this conversation yet.</Body1>
                <OfferSend />
              </>
            ) : state.packages.every((p) => shownApart.has(p.id)) ? (
              // Its only packages are shown above (the one chosen, the one this mail is about).
              <Body1 as="p">
                {state.packages.length === 1
                  ? "Nothing else: the package above is the only one sent from this conversation."
                  : "Nothing else: the packages above are the only ones sent from this conversation."}
              </Body1>
            ) : (
              <PackageCards
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
