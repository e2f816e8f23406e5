/**
 * Sign it yourself, the flow: the package made, the signing page opened, the wait for the seal and
 * the signed copy delivered, each step moving the state machine of phase-reducer.ts. The steps
 * themselves are in src/taskpane/self-sign/.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { createApiClient } from "../../../api/client";
import { createPackagesApi } from "../../../api/packages";
import type { OutlookHost } from "../../../outlook";
import type { SendDocument } from "../../send/documents";
import type { PlacedField } from "../../send/fields";
import { deliver, type DraftOutlook, type Placement } from "../../self-sign/deliver";
import { createSelfSignPackage, sealedFiles, waitUntilSealed } from "../../self-sign/flow";
import { openSigningWindow, type SigningWindow } from "../../self-sign/signing-window";
import type { HttpClient } from "../../../api/http";
import type { TagFormat } from "../../../tags";
import { loadStamp } from "../send/use-document-bytes";
import { initialPhase, phaseReducer, type Stopped } from "./phase-reducer";

export interface StartInput {
  documents: SendDocument[];
  fields: PlacedField[];
  tagFormat: TagFormat;
  placement: Placement;
  readBytes(doc: SendDocument): Promise<Uint8Array>;
}

/** The void's reason, in the package's audit trail. */
export const DISCARD_REASON = "Discarded by the sender before signing it (Sign it yourself).";

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The signed document could not be read (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The user's name as the message shows it (their own entry), else their address. */
async function myName(host: OutlookHost, email: string): Promise<string> {
  const key = email.toLowerCase();
  try {
    if (host.mode() === "compose") {
      const from = await host.sender();
      if (from && from.address.toLowerCase() === key && from.name) return from.name;
    }
    const { to, cc } = await host.recipients();
    const me = [...to, ...cc].find((r) => r.address.toLowerCase() === key);
    if (me?.name) return me.name;
  } catch {
    // The name is a courtesy: the address signs.
  }
  return email;
}

export function useSelfSign({
  host,
  outlook,
  client,
}: {
  host: OutlookHost;
  outlook: DraftOutlook;
  client: HttpClient;
}) {
  const [phase, dispatch] = useReducer(phaseReducer, initialPhase);
  const window = useRef<SigningWindow | null>(null);
  const abort = useRef<AbortController | null>(null);
  const wake = useRef<() => void>(() => undefined);

  useEffect(
    () => () => {
      abort.current?.abort();
      window.current?.close();
    },
    [],
  );

  const start = useCallback(
    async (input: StartInput) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const api = createApiClient(client);
      const packages = createPackagesApi(client);
      const mode = host.mode();
      let packageId: string | null = null;
      let stage = "preparing";
      try {
        dispatch({ type: "started" });
        const email = host.userAddress();
        const [stamp, name, subject] = await Promise.all([
          loadStamp(),
          myName(host, email),
          host.subject().catch(() => ""),
        ]);
        const made = await createSelfSignPackage({
          api,
          documents: input.documents,
          fields: input.fields,
          tagFormat: input.tagFormat,
          readBytes: input.readBytes,
          stamp,
          me: { email, name },
          source: {
            conversationId: host.conversationId(),
            internetMessageId: host.internetMessageId(),
            subject: subject || null,
          },
          paneOrigin: globalThis.location?.origin ?? null,
        });
        packageId = made.id;
        const url = made.signingUrl?.url;
        if (!url)
          throw new Error("The service made the package but gave no link to sign it: update the service.");
        stage = "signing";
        const id = made.id;
        const opened = await openSigningWindow(host, url, {
          onDone: () => wake.current(),
          // Closed by the user: the package says whether they signed.
          onClosed: () => wake.current(),
        });
        window.current = opened;
        dispatch({ type: "signingOpened", packageId: id, url, window: opened.kind });
        const wait = waitUntilSealed({
          packages,
          id,
          signal: controller.signal,
          onProgress: (next) => {
            if (next !== "signing") {
              stage = "sealing";
              // Signed: the signing window has nothing more to show.
              window.current?.close();
              dispatch({ type: "signed", packageId: id });
            }
          },
        });
        wake.current = wait.wake;
        await wait.done;
        stage = "delivering";
        dispatch({ type: "sealed", packageId: id });
        const sealed = await sealedFiles(packages, id, fetchBytes);
        const delivered = await deliver(outlook, mode, sealed, input.documents, input.placement);
        dispatch({ type: "delivered", packageId: id, delivered });
      } catch (error) {
        if (controller.signal.aborted) return;
        window.current?.close();
        dispatch({ type: "failed", packageId, stage, error });
      }
    },
    [client, host, outlook],
  );

  /** The signing window again (closed by mistake, or the browser's window lost). */
  const reopen = useCallback(() => {
    if (phase.kind !== "signing") return;
    void openSigningWindow(host, phase.url, {
      onDone: () => wake.current(),
      onClosed: () => wake.current(),
    }).then(
      (opened) => {
        window.current = opened;
        // The phase it was opened from, in its new window.
        dispatch({ type: "signingOpened", packageId: phase.packageId, url: phase.url, window: opened.kind });
      },
      (error: unknown) => dispatch({ type: "failed", packageId: phase.packageId, stage: "signing", error }),
    );
  }, [host, phase]);

  const cancel = useCallback(() => {
    abort.current?.abort();
    window.current?.close();
    dispatch({ type: "cancelled" });
  }, []);

  /**
   * Stops waiting for the signature: discarding voids the one-signer package (nobody else would ever
   * finish it), keeping leaves it in Status to sign later. Either way the choices and fields stay.
   */
  const stop = useCallback(
    async (how: Stopped["how"]) => {
      if (phase.kind !== "signing") return;
      const { packageId } = phase;
      // The wait first: a package voided under it would read as "voided before it was signed".
      abort.current?.abort();
      window.current?.close();
      let error: unknown = null;
      if (how === "discarded") {
        try {
          await createPackagesApi(client).void(packageId, DISCARD_REASON);
        } catch (e) {
          error = e;
        }
      }
      dispatch({ type: "stopped", stopped: { how, packageId, error } });
    },
    [client, phase],
  );

  return {
    phase,
    /** Next: your fields. */
    toFields: () => dispatch({ type: "fieldsChosen" }),
    /** Back to the attachments. */
    toPick: () => dispatch({ type: "pickChosen" }),
    start,
    reopen,
    cancel,
    stop,
  };
}
