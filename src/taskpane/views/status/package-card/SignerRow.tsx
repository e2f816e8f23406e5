/** One signer (a person or a signing group) on a package card: who, their state, when, and their link. */
import { Body1, Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { LinkRegular } from "@fluentui/react-icons";
import type { Signer } from "../../../../api/packages";
import { completedByName, formatDateTime, signerLook } from "../../../status/words";
import { StatusBadge } from "../StatusBadge";

const useStyles = makeStyles({
  signer: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    minWidth: 0,
  },
  signerBadge: { display: "flex" },
  who: { overflowWrap: "anywhere", minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground2, overflowWrap: "anywhere" },
});

export default function SignerRow({
  signer,
  canCopyLink,
  busy,
  onCopyLink,
}: {
  signer: Signer;
  canCopyLink: boolean;
  busy: boolean;
  onCopyLink(): void;
}) {
  const styles = useStyles();
  const look = signerLook(signer);
  const isGroup = signer.signingGroupId !== null;
  const by = completedByName(signer);
  const role =
    signer.type === "Signer" ? null : signer.type === "CarbonCopy" ? "Receives a copy" : signer.type;
  return (
    <li className={styles.signer} data-testid={`signer-${signer.id}`}>
      <Body1 className={styles.who}>
        <strong>{signer.name}</strong>
        {signer.email && signer.email !== signer.name ? ` (${signer.email})` : ""}
        {isGroup ? ` · signing group of ${signer.groupMembers?.length ?? 0}` : ""}
        {role ? ` · ${role}` : ""}
      </Body1>
      {/* Under the name for every row, person or group slot: the same place whatever the name's length. */}
      <div className={styles.signerBadge}>
        <StatusBadge look={look} />
      </div>
      {signer.viewedOn && (
        <Caption1 className={styles.detail}>Viewed {formatDateTime(signer.viewedOn)}</Caption1>
      )}
      {signer.completedOn && (
        <Caption1 className={styles.detail}>
          Completed {formatDateTime(signer.completedOn)}
          {by ? ` by ${by}` : ""}
        </Caption1>
      )}
      {signer.declinedOn && (
        <Caption1 className={styles.detail}>
          Declined {formatDateTime(signer.declinedOn)}
          {signer.declineReason ? `: “${signer.declineReason}”` : ""}
        </Caption1>
      )}
      {signer.remindersSentCount > 0 && (
        <Caption1 className={styles.detail}>
          {signer.remindersSentCount === 1
            ? "1 reminder sent"
            : `${signer.remindersSentCount} reminders sent`}
          {signer.lastReminderSentOn ? `, last ${formatDateTime(signer.lastReminderSentOn)}` : ""}
        </Caption1>
      )}
      {canCopyLink && (
        <div>
          <Button
            size="small"
            appearance="subtle"
            icon={<LinkRegular />}
            disabled={busy}
            onClick={onCopyLink}
          >
            Copy signing link
          </Button>
        </div>
      )}
    </li>
  );
}
