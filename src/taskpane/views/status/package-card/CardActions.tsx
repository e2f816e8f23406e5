/**
 * A package card's buttons: Sign now, Remind and Void while it is out, the signed documents, the
 * certificate and the zip once sealed (off while sealing), and the audit trail.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import {
  AlertRegular,
  ArrowDownloadRegular,
  CertificateRegular,
  DocumentPdfRegular,
  HistoryRegular,
  PenRegular,
  ProhibitedRegular,
} from "@fluentui/react-icons";
import type { Package, PackageDocument, Signer } from "../../../../api/packages";
import type { Sealing } from "./SealingNote";
import type { WhoIsWho } from "./who-is-who";

const useStyles = makeStyles({
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

export default function CardActions({
  pkg,
  who,
  signersRead,
  canSignHere,
  sealing,
  documents,
  busy,
  onSignNow,
  onRemind,
  onVoid,
  onOpenPdf,
  onDownloadAll,
  onAuditTrail,
}: {
  pkg: Package;
  who: WhoIsWho;
  /** The signers came (a reminder is offered only then). */
  signersRead: boolean;
  /** Outlook is there to open the signing page in. */
  canSignHere: boolean;
  sealing: Sealing;
  /** The signed documents, null until read. */
  documents: PackageDocument[] | null;
  busy: boolean;
  onSignNow(signer: Signer): void;
  onRemind(): void;
  onVoid(): void;
  onOpenPdf(what: PackageDocument | "certificate"): void;
  onDownloadAll(): void;
  onAuditTrail(): void;
}) {
  const styles = useStyles();
  const { mine } = who;
  const sealed = sealing === "Done";
  return (
    <div className={styles.actions}>
      {mine && canSignHere && (
        <Button
          size="small"
          appearance="primary"
          icon={<PenRegular />}
          disabled={busy}
          onClick={() => onSignNow(mine)}
        >
          Sign now
        </Button>
      )}
      {who.inFlight && who.canSend && (
        <>
          {/* Only where someone is mailed: an embedded signer's reminder would go nowhere. */}
          {signersRead && who.mailed.length > 0 && (
            <Button size="small" icon={<AlertRegular />} disabled={busy} onClick={onRemind}>
              Remind
            </Button>
          )}
          <Button size="small" icon={<ProhibitedRegular />} disabled={busy} onClick={onVoid}>
            Void…
          </Button>
        </>
      )}
      {(sealed || sealing === "InProgress") && (
        <>
          {documents === null ? (
            // Sealing, or the names still coming: the place of the "Open" buttons, off.
            <Button size="small" icon={<DocumentPdfRegular />} disabled>
              {pkg.documentCount === 1 ? "Open signed document" : "Open signed documents"}
            </Button>
          ) : (
            documents.map((doc) => (
              <Button
                key={doc.id}
                size="small"
                icon={<DocumentPdfRegular />}
                disabled={busy}
                onClick={() => onOpenPdf(doc)}
              >
                {documents.length === 1 ? "Open signed document" : `Open “${doc.name}”`}
              </Button>
            ))
          )}
          <Button
            size="small"
            icon={<CertificateRegular />}
            disabled={busy || !sealed}
            onClick={() => onOpenPdf("certificate")}
          >
            Open certificate
          </Button>
          <Button
            size="small"
            icon={<ArrowDownloadRegular />}
            disabled={busy || !sealed}
            onClick={onDownloadAll}
          >
            Download all (zip)
          </Button>
        </>
      )}
      {pkg.status !== "Draft" && (
        <Button size="small" icon={<HistoryRegular />} onClick={onAuditTrail}>
          Audit trail
        </Button>
      )}
    </div>
  );
}
