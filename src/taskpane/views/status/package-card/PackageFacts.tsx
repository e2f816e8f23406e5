/** A package's facts under its name: sent, goes out, completed, expires, how many signed, why voided. */
import { makeStyles, tokens } from "@fluentui/react-components";
import type { Package } from "../../../../api/packages";
import { formatDate, formatDateTime } from "../../../status/words";

const useStyles = makeStyles({
  facts: {
    display: "grid",
    gridTemplateColumns: "max-content minmax(0, 1fr)",
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: "anywhere" },
});

export default function PackageFacts({ pkg }: { pkg: Package }) {
  const styles = useStyles();
  return (
    <dl className={styles.facts}>
      {pkg.sentOn && (
        <>
          <dt className={styles.term}>Sent</dt>
          <dd className={styles.value}>{formatDate(pkg.sentOn)}</dd>
        </>
      )}
      {pkg.status === "Scheduled" && pkg.scheduledSendOn && (
        <>
          <dt className={styles.term}>Goes out</dt>
          <dd className={styles.value}>{formatDateTime(pkg.scheduledSendOn)}</dd>
        </>
      )}
      {pkg.completedOn && (
        <>
          <dt className={styles.term}>Completed</dt>
          <dd className={styles.value}>{formatDate(pkg.completedOn)}</dd>
        </>
      )}
      {pkg.expirationDate && (
        <>
          <dt className={styles.term}>{pkg.status === "Expired" ? "Expired" : "Expires"}</dt>
          <dd className={styles.value}>{formatDate(pkg.expirationDate)}</dd>
        </>
      )}
      <dt className={styles.term}>Signed</dt>
      <dd className={styles.value}>
        {pkg.completedSignerCount} of {pkg.signerCount}
      </dd>
      {pkg.status === "Voided" && pkg.voidedReason && (
        <>
          <dt className={styles.term}>Reason</dt>
          <dd className={styles.value}>{pkg.voidedReason}</dd>
        </>
      )}
    </dl>
  );
}
