/** What the text tags already in a document amount to, signer by signer, in one line under the page. */
import { Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { describeSigner, type FoundTag } from "../../../send/fields";
import type { SignerRow } from "../../../send/signers";

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function TagSummary({
  tags,
  indexes,
  rows,
}: {
  tags: readonly FoundTag[];
  indexes: ReadonlyMap<string, number>;
  rows: readonly SignerRow[];
}) {
  const styles = useStyles();
  if (tags.length === 0)
    return <Caption1 className={styles.muted}>No text tags were found in this document.</Caption1>;
  const bySigner = new Map<number, number>();
  let unreadable = 0;
  let unknown = 0;
  for (const t of tags) {
    if (t.error !== null || t.signerIndex === null) unreadable++;
    else if (t.signerIndex > indexes.size) unknown++;
    else bySigner.set(t.signerIndex, (bySigner.get(t.signerIndex) ?? 0) + 1);
  }
  const names = new Map([...indexes].map(([key, i]) => [i, rows.find((r) => r.key === key)]));
  const parts = [...bySigner]
    .sort((a, b) => a[0] - b[0])
    .map(([i, n]) => `${n} for ${names.get(i) ? describeSigner(names.get(i)!) : `signer ${i}`}`);
  if (unknown) parts.push(`${unknown} for a signer who is not on the list`);
  if (unreadable) parts.push(`${unreadable} that cannot be read`);
  return <Caption1>{`Tags already in this document (dashed boxes): ${parts.join(", ")}.`}</Caption1>;
}
