/**
 * "A newer add-in is deployed": after sign-in, the pane asks the service for the fingerprint of the
 * manifest it serves (GET /api/v1/outlook-addin/manifest-fingerprint) and compares it with the one
 * built into this bundle. The check is a few lines at start; the banner itself loads only when shown.
 */
import { Suspense, lazy, useEffect, useState } from "react";
import { useSession } from "../session";

/** Set by webpack's DefinePlugin: the fingerprint of the manifest this bundle was built with. */
declare const __SIGN_MANIFEST_FINGERPRINT__: string;

const UpdateNotice = lazy(() => import(/* webpackChunkName: "update-notice" */ "./UpdateNotice"));

export const MANIFEST_FINGERPRINT_PATH = "/api/v1/outlook-addin/manifest-fingerprint";

export interface UpdateBannerProps {
  /** The bundle's fingerprint; default the one webpack baked in (none in tests: no check). */
  builtFingerprint?: string | null;
}

export function UpdateBanner({
  builtFingerprint = typeof __SIGN_MANIFEST_FINGERPRINT__ === "string" ? __SIGN_MANIFEST_FINGERPRINT__ : null,
}: UpdateBannerProps) {
  const { serviceUrl, tokens, fetch, identity, signedInWith } = useSession();
  const [deployed, setDeployed] = useState<{ fingerprint: string; version: string } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!builtFingerprint || signedInWith() === null) return;
    const abort = new AbortController();
    void (async () => {
      try {
        const token = await tokens.getToken();
        if (!token) return;
        const doFetch = fetch ?? globalThis.fetch.bind(globalThis);
        const response = await doFetch(serviceUrl + MANIFEST_FINGERPRINT_PATH, {
          method: "GET",
          headers: { Authorization: `Bearer ${token}` },
          signal: abort.signal,
        });
        if (response.status !== 200) return;
        const body = JSON.parse(await response.text()) as { fingerprint?: unknown; version?: unknown };
        if (typeof body.fingerprint !== "string" || !/^[0-9a-f]{64}$/.test(body.fingerprint)) return;
        setDeployed({
          fingerprint: body.fingerprint,
          version: typeof body.version === "string" ? body.version : "",
        });
      } catch {
        // No answer is no news: the pane works on, and checks again at the next sign-in.
      }
    })();
    return () => abort.abort();
    // identity: checked again after each sign-in.
  }, [builtFingerprint, serviceUrl, tokens, fetch, identity, signedInWith]);

  if (!deployed || !builtFingerprint || deployed.fingerprint === builtFingerprint) return null;
  if (dismissed === deployed.fingerprint) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice version={deployed.version} onDismiss={() => setDismissed(deployed.fingerprint)} />
    </Suspense>
  );
}
