/**
 * What a package card does: open a signed PDF or the certificate, download the zip, remind, Sign now
 * (its signing window closed with the card), copy a signing link and void, one at a time, each tracked
 * and ending in the one outcome the card says.
 */
import { useEffect, useRef, useState } from "react";
import { isNotFound } from "../../../../api/errors";
import {
  inlineLink,
  type Package,
  type PackageDocument,
  type PackagesApi,
  type Signer,
  type TimedLink,
} from "../../../../api/packages";
import type { OutlookHost } from "../../../../outlook";
import type { TelemetryActionId } from "../../../../telemetry/catalogue";
import { copyText } from "../../../clipboard";
import { openSigningWindow, type SigningWindow } from "../../../self-sign/signing-window";
import { formatDateTime, namesList } from "../../../status/words";
import { useTelemetry } from "../../../telemetry";

export type Outcome =
  | { intent: "success" | "info"; title: string; text: string }
  | { intent: "error"; title: string; error: unknown; text?: string };

/** The service (or its version) has no such route: the signing and completion issues add them. */
function notOffered(error: unknown): boolean {
  return isNotFound(error);
}

export interface PackageActions {
  /** An action is running: the card's buttons are off. */
  busy: boolean;
  /** Whether the signing link of this signer is being fetched. */
  linkBusy(signer: Signer): boolean;
  outcome: Outcome | null;
  /** Shows one PDF (a signed document, the certificate) in the browser's own viewer. */
  openPdf(what: PackageDocument | "certificate"): Promise<void>;
  downloadAll(): Promise<void>;
  remind(): Promise<void>;
  signNow(signer: Signer): Promise<void>;
  copyLink(signer: Signer): Promise<void>;
  /** Voids the package; `voided` runs once the service said yes (the dialog closes). */
  voidPackage(reason: string, voided: () => void): Promise<void>;
}

export function usePackageActions({
  pkg,
  api,
  host,
  mailed,
  onChanged,
}: {
  pkg: Package;
  api: PackagesApi;
  host: OutlookHost | null;
  /** Those a reminder goes to, named in its outcome. */
  mailed: readonly Signer[];
  onChanged(): void;
}): PackageActions {
  const track = useTelemetry();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const signingWindow = useRef<SigningWindow | null>(null);
  useEffect(() => () => signingWindow.current?.close(), []);

  const run = async (id: string, telemetryId: TelemetryActionId, work: () => Promise<Outcome>) => {
    setBusy(id);
    setOutcome(null);
    const action = track.actionStarted(telemetryId);
    try {
      setOutcome(await work());
      action.succeeded();
    } catch (error) {
      action.failed(error);
      setOutcome({ intent: "error", title: "That didn't work", error });
    } finally {
      setBusy(null);
    }
  };

  const openLink = (link: TimedLink) => {
    if (host) host.openBrowserWindow(link.url);
    else window.open(link.url, "_blank", "noopener");
  };

  const unavailable = (error: unknown): Outcome | null =>
    notOffered(error)
      ? {
          intent: "error",
          title: "Not available yet",
          error,
          text: "This signing service doesn't offer signed downloads yet. Ask your administrator to update it.",
        }
      : null;

  const openPdf = (what: PackageDocument | "certificate") =>
    run(
      what === "certificate" ? "certificate" : `document-${what.id}`,
      what === "certificate" ? "status.certificate" : "status.download",
      async () => {
        try {
          const link = inlineLink(
            what === "certificate"
              ? await api.certificateLink(pkg.id)
              : await api.signedDocumentLink(pkg.id, what.id),
          );
          openLink(link);
          const name = what === "certificate" ? "The certificate of completion" : `“${what.name}”`;
          return {
            intent: "success",
            title: "Opened in your browser",
            text: `${name} opens in a new browser window, where you can read, print or save it. The link works until ${formatDateTime(link.expiresOn)}; open it again here any time.`,
          };
        } catch (error) {
          const outcome = unavailable(error);
          if (outcome) return outcome;
          throw error;
        }
      },
    );

  const downloadAll = () =>
    run("zip", "status.download", async () => {
      try {
        const link = await api.downloadLink(pkg.id);
        openLink(link);
        return {
          intent: "success",
          title: "Download started",
          text: `Your browser saves one zip of the signed documents, the certificate of completion and the audit trail. The link works until ${formatDateTime(link.expiresOn)}.`,
        };
      } catch (error) {
        const outcome = unavailable(error);
        if (outcome) return outcome;
        throw error;
      }
    });

  const remind = () =>
    run("remind", "status.remind", async () => {
      const names = namesList(mailed.map((s) => s.name));
      await api.remind(pkg.id);
      onChanged();
      return {
        intent: "success",
        title: "Reminder sent",
        text: names
          ? `The invitation went again to ${names}.`
          : "The invitation went again to everyone whose turn it is.",
      };
    });

  const signNow = (signer: Signer) =>
    run(`sign-${signer.id}`, "status.signing_link", async () => {
      if (!host) throw new Error("Signing here needs Outlook.");
      const paneOrigin = globalThis.location?.origin;
      const link = await api.signingLink(pkg.id, signer.id, {
        // As Sign it yourself asks: the pane's origin may show the page (an Office dialog in a frame).
        ...(paneOrigin && paneOrigin !== "null" ? { allowedOrigins: [paneOrigin] } : {}),
      });
      signingWindow.current?.close();
      const refresh = () => onChanged();
      const opened = await openSigningWindow(host, link.url, {
        onDone: () => {
          signingWindow.current?.close();
          signingWindow.current = null;
          refresh();
        },
        onClosed: refresh,
      });
      signingWindow.current = opened;
      return {
        intent: "info",
        title: opened.kind === "dialog" ? "Signing page opened" : "Signing page opened in your browser",
        text: "Sign there; this card shows the package as signed once you finish.",
      };
    });

  const copyLink = (signer: Signer) =>
    run(`link-${signer.id}`, "status.signing_link", async () => {
      let link: TimedLink;
      try {
        link = await api.signingLink(pkg.id, signer.id);
      } catch (error) {
        if (notOffered(error)) {
          return {
            intent: "error",
            title: "Not available yet",
            error,
            text: "This signing service doesn't hand out signing links yet. Ask your administrator to update it.",
          };
        }
        throw error;
      }
      const copied = await copyText(link.url);
      return copied
        ? {
            intent: "success",
            title: "Signing link copied",
            text: `Give it to ${signer.name} only: it works until ${formatDateTime(link.expiresOn)}.`,
          }
        : { intent: "info", title: "Copy this link by hand", text: link.url };
    });

  // Not through `run`: the void dialog shows its own busy state and failure (next to the reason).
  const voidPackage = async (reason: string, voided: () => void) => {
    const action = track.actionStarted("status.void");
    try {
      const result = await api.void(pkg.id, reason);
      action.succeeded();
      voided();
      onChanged();
      setOutcome({
        intent: "success",
        title: "Voided",
        text: `“${result.name}” is void. Signers who had been invited are told why: “${result.voidedReason ?? reason}”.`,
      });
    } catch (error) {
      action.failed(error);
      throw error;
    }
  };

  return {
    busy: busy !== null,
    linkBusy: (signer) => busy === `link-${signer.id}`,
    outcome,
    openPdf,
    downloadAll,
    remind,
    signNow,
    copyLink,
    voidPackage,
  };
}
