/**
 * A package card's signers, one row each (or "Reading the signers…" until they come), and in words who
 * it waits for on a page opened here, where nobody was mailed.
 */
import { Body1, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import type { Signer } from "../../../../api/packages";
import { namesList } from "../../../status/words";
import SignerRow from "./SignerRow";
import type { WhoIsWho } from "./who-is-who";

const useStyles = makeStyles({
  signers: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  detail: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
});

/** Who an embedded signer's package waits for, in words: nobody was mailed, so nobody is "invited". */
function waitingWords(embedded: readonly Signer[], isMe: (s: Signer) => boolean): string {
  const me = embedded.some(isMe);
  const others = namesList(embedded.filter((s) => !isMe(s)).map((s) => s.name));
  if (me && !others) return "Waiting for you to sign it yourself.";
  const them = `${others} to sign on a page opened for them here (no invitation mail)`;
  return me ? `Waiting for you to sign it yourself and for ${them}.` : `Waiting for ${them}.`;
}

export default function SignerList({
  packageName,
  signers,
  who,
  linkBusy,
  onCopyLink,
}: {
  packageName: string;
  /** Undefined while not read. */
  signers: Signer[] | undefined;
  who: WhoIsWho;
  linkBusy(signer: Signer): boolean;
  onCopyLink(signer: Signer): void;
}) {
  const styles = useStyles();
  return (
    <>
      {signers === undefined ? (
        <Spinner size="tiny" label="Reading the signers…" labelPosition="after" />
      ) : (
        <ul className={styles.signers} aria-label={`Signers of ${packageName}`}>
          {signers.map((signer) => (
            <SignerRow
              key={signer.id}
              signer={signer}
              canCopyLink={who.canCopyLink(signer)}
              busy={linkBusy(signer)}
              onCopyLink={() => onCopyLink(signer)}
            />
          ))}
        </ul>
      )}

      {who.inFlight && who.embedded.length > 0 && (
        <Body1 className={styles.detail}>{waitingWords(who.embedded, who.isMe)}</Body1>
      )}
    </>
  );
}
