/** One package shown apart above the thread's list (the one chosen, the one this mail is about), kept current. */
import { useMemo, type ReactNode } from "react";
import { Body1, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import type { PackagesApi } from "../../../api/packages";
import type { Identity } from "../../session";
import { usePackageFeed, type FeedTarget } from "../../status/use-package-feed";
import FeedError from "./FeedError";
import PackageCards from "./PackageCards";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
});

export default function OnePackage({
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
        <FeedError title="Could not show this package" error={state.error} />
      ) : state.packages === null ? (
        <Spinner size="tiny" label="Reading the package…" labelPosition="after" />
      ) : (
        <PackageCards
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
