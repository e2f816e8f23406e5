import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from "@fluentui/react-components";
import type { Delivered } from "../../self-sign/deliver";
import { ButtonRow } from "./ButtonRow";
import { SeeInStatus } from "./SeeInStatus";

const useStyles = makeStyles({
  status: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

/** Done: where the sealed copy went (a reply opened, or the draft), and the package in Status. */
export function SignedAndSealed({
  packageId,
  delivered,
  onStatus,
}: {
  packageId: string;
  delivered: Delivered;
  onStatus(packageId: string): void;
}) {
  const styles = useStyles();
  const names = delivered.files.map((f) => `“${f}”`).join(", ");
  return (
    <div className={styles.status}>
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Signed and sealed</MessageBarTitle>
          {delivered.mode === "read"
            ? `A reply to the sender is open with ${names} attached. Write your message and send it.`
            : delivered.replaced.length > 0
              ? `${names} now ${delivered.files.length === 1 ? "replaces" : "replace"} the unsigned ${delivered.replaced.length === 1 ? "original" : "originals"} in your message.`
              : `${names} ${delivered.files.length === 1 ? "is" : "are"} attached to your message, beside the original.`}
        </MessageBarBody>
      </MessageBar>
      <ButtonRow>
        <SeeInStatus packageId={packageId} onStatus={onStatus} />
      </ButtonRow>
    </div>
  );
}
