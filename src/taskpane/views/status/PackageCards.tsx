/**
 * A list of package cards with the signers the feed read for each; collapsible when `expanded` and
 * `onToggle` are given (All packages), highlighted for a package shown apart.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import type { Package, PackagesApi } from "../../../api/packages";
import type { Identity } from "../../session";
import type { FeedState } from "../../status/use-package-feed";
import { PackageCard } from "./PackageCard";

const useStyles = makeStyles({
  cards: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
});

export default function PackageCards({
  packages,
  feed,
  api,
  identity,
  label,
  onChanged,
  highlight,
  expanded,
  onToggle,
}: {
  packages: readonly Package[];
  feed: FeedState;
  api: PackagesApi;
  identity: Identity;
  label: string;
  onChanged(): void;
  highlight?: boolean;
  /** The ids of the open cards, with `onToggle`: the cards open and close. */
  expanded?: ReadonlySet<string>;
  onToggle?(id: string): void;
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
            expanded={expanded?.has(pkg.id)}
            onToggle={onToggle && (() => onToggle(pkg.id))}
            onChanged={onChanged}
          />
        </li>
      ))}
    </ul>
  );
}
