/**
 * One package in the Status view: its name and state, its facts, and (expanded) its signers, what the
 * user can do with it and the answer of the last action. The parts are in package-card/.
 */
import { useId, useState } from "react";
import { Button, Spinner, Subtitle2, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { ChevronDownRegular, ChevronUpRegular } from "@fluentui/react-icons";
import type { Package, PackagesApi, Signer } from "../../../api/packages";
import { useHost } from "../../host-context";
import type { Identity } from "../../session";
import { useHoldWhile } from "../../status/dialog-hold";
import { namesList, packageLook } from "../../status/words";
import { ConfirmDialog } from "../groups/ConfirmDialog";
import { AuditTrailDialog } from "./AuditTrailDialog";
import CardActions from "./package-card/CardActions";
import OutcomeMessage from "./package-card/OutcomeMessage";
import PackageFacts from "./package-card/PackageFacts";
import SealingNote, { sealingOf } from "./package-card/SealingNote";
import SignerList from "./package-card/SignerList";
import { usePackageActions } from "./package-card/use-package-actions";
import { useSignedDocuments } from "./package-card/use-signed-documents";
import VoidDialog from "./package-card/VoidDialog";
import { whoIsWho } from "./package-card/who-is-who";
import { ReplyWithSigned, isPackageThread } from "./ReplyWithSigned";
import { StatusBadge } from "./StatusBadge";

const useStyles = makeStyles({
  card: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  highlighted: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  header: {
    display: "flex",
    alignItems: "flex-start",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
  name: { margin: 0, overflowWrap: "anywhere", minWidth: 0 },
});

export interface PackageCardProps {
  pkg: Package;
  /** Undefined while not read (collapsed card, or the first answer still coming). */
  signers: Signer[] | undefined;
  api: PackagesApi;
  identity: Identity;
  /** Collapsible cards (the list of all packages) show signers only when expanded. */
  expanded?: boolean;
  onToggle?: () => void;
  highlighted?: boolean;
  /** Called after an action changed the package: the feed refreshes at once. */
  onChanged(): void;
}

export function PackageCard({
  pkg,
  signers,
  api,
  identity,
  expanded = true,
  onToggle,
  highlighted,
  onChanged,
}: PackageCardProps) {
  const styles = useStyles();
  const headingId = useId();
  const { host } = useHost();
  const [confirmRemind, setConfirmRemind] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const [linkFor, setLinkFor] = useState<Signer | null>(null);
  useHoldWhile(confirmRemind || voiding || auditOpen || linkFor !== null);

  const who = whoIsWho(pkg, signers, identity, host);
  const { mailed } = who;
  const actions = usePackageActions({ pkg, api, host, mailed, onChanged });
  const sealing = sealingOf(pkg);
  const sealed = sealing === "Done";
  const documents = useSignedDocuments(api, pkg.id, sealed, expanded);

  return (
    <article
      className={mergeClasses(styles.card, highlighted && styles.highlighted)}
      aria-labelledby={headingId}
      data-package-id={pkg.id}
    >
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId} className={styles.name}>
          {pkg.name}
        </Subtitle2>
        <StatusBadge look={packageLook(pkg.status)} />
      </div>
      <PackageFacts pkg={pkg} />

      {onToggle && (
        <Button
          appearance="transparent"
          size="small"
          icon={expanded ? <ChevronUpRegular /> : <ChevronDownRegular />}
          aria-expanded={expanded}
          onClick={onToggle}
        >
          {expanded ? "Hide signers and actions" : "Signers and actions"}
        </Button>
      )}

      {expanded && (
        <>
          <SignerList
            packageName={pkg.name}
            signers={signers}
            who={who}
            linkBusy={actions.linkBusy}
            onCopyLink={setLinkFor}
          />
          {host && (sealed || sealing === "InProgress") && isPackageThread(host, pkg) && (
            <ReplyWithSigned host={host} api={api} pkg={pkg} sealed={sealed} disabled={actions.busy} />
          )}
          <CardActions
            pkg={pkg}
            who={who}
            signersRead={signers !== undefined}
            canSignHere={host !== null}
            sealing={sealing}
            documents={documents}
            busy={actions.busy}
            onSignNow={(signer) => void actions.signNow(signer)}
            onRemind={() => setConfirmRemind(true)}
            onVoid={() => setVoiding(true)}
            onOpenPdf={(what) => void actions.openPdf(what)}
            onDownloadAll={() => void actions.downloadAll()}
            onAuditTrail={() => setAuditOpen(true)}
          />
          <SealingNote sealing={sealing} />
          {actions.busy && <Spinner size="extra-tiny" label="Working…" labelPosition="after" />}
        </>
      )}

      <OutcomeMessage outcome={actions.outcome} />

      <ConfirmDialog
        open={confirmRemind}
        title={`Remind the signers of “${pkg.name}”?`}
        confirm="Send reminder"
        onCancel={() => setConfirmRemind(false)}
        onConfirm={() => {
          setConfirmRemind(false);
          void actions.remind();
        }}
      >
        {mailed.length > 0
          ? `${namesList(mailed.map((s) => s.name))} will get the invitation again. A sent reminder can't be taken back.`
          : "Everyone whose turn it is will get the invitation again. A sent reminder can't be taken back."}
      </ConfirmDialog>

      <ConfirmDialog
        open={linkFor !== null}
        title={`Copy ${linkFor?.name ?? ""}'s signing link?`}
        confirm="Copy link"
        onCancel={() => setLinkFor(null)}
        onConfirm={() => {
          const signer = linkFor;
          setLinkFor(null);
          if (signer) void actions.copyLink(signer);
        }}
      >
        Whoever has this link can sign as {linkFor?.name}. Copy it only when they ask for it, and give it to
        them alone.
      </ConfirmDialog>

      <VoidDialog
        open={voiding}
        packageName={pkg.name}
        onCancel={() => setVoiding(false)}
        onVoid={(reason) => actions.voidPackage(reason, () => setVoiding(false))}
      />

      <AuditTrailDialog api={api} pkg={pkg} open={auditOpen} onClose={() => setAuditOpen(false)} />
    </article>
  );
}
