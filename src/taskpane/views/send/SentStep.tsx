import { useEffect, useRef } from "react";
import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { describeSigner } from "../../send/fields";
import { SIGNER_TYPE_LABELS, type SignerRow } from "../../send/signers";
import type { SubmitResult } from "../../send/submit";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  nav: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Sent: the package's documents and signers (groups by their names), tags left as text. */
export function SentStep({
  result,
  rows,
  onStatus,
  onAgain,
}: {
  result: SubmitResult;
  rows: readonly SignerRow[];
  onStatus(): void;
  onAgain(): void;
}) {
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const byGroup = new Map(rows.flatMap((r) => (r.kind === "group" ? [[r.groupId, r] as const] : [])));
  return (
    <section className={styles.root} aria-labelledby="send-done-heading">
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>
            <span ref={heading} id="send-done-heading" tabIndex={-1}>
              {`Sent: “${result.pkg.name}”`}
            </span>
          </MessageBarTitle>
          {result.pkg.status === "Scheduled" ? "It is scheduled." : "The signers are being invited now."}
        </MessageBarBody>
      </MessageBar>
      <div>
        <Body1 as="p">
          {result.documents.length === 1 ? "Document:" : `${result.documents.length} documents:`}
        </Body1>
        <ul className={styles.list} aria-label="Documents sent">
          {result.documents.map((d) => (
            <li key={d.id}>{`${d.name} (${d.pageCount === 1 ? "1 page" : `${d.pageCount} pages`})`}</li>
          ))}
        </ul>
      </div>
      <div>
        <Body1 as="p">To:</Body1>
        <ol className={styles.list} aria-label="Sent to">
          {result.signers.map((s) => {
            const group = s.signingGroupId ? byGroup.get(s.signingGroupId) : undefined;
            const who = group
              ? describeSigner(group)
              : s.email && s.name !== s.email
                ? `${s.name} <${s.email}>`
                : s.name;
            const type = (SIGNER_TYPE_LABELS as Record<string, string>)[s.type] ?? s.type;
            return <li key={s.id}>{`${who} · ${type}`}</li>;
          })}
        </ol>
      </div>
      {result.skipped.length > 0 ? (
        <Caption1 className={styles.muted}>
          {`${result.skipped.length === 1 ? "1 tag was" : `${result.skipped.length} tags were`} left as text: ${result.skipped
            .map((s) => `“${s.text}” (page ${s.page})`)
            .join(", ")}.`}
        </Caption1>
      ) : null}
      <div className={styles.nav}>
        <Button appearance="primary" onClick={onStatus}>
          See its status
        </Button>
        <Button onClick={onAgain}>Send another</Button>
      </div>
    </section>
  );
}
