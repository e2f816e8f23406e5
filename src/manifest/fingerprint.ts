/**
 * The add-in manifest's fingerprint: SHA-256 over its canonical text. The build bakes the
 * fingerprint of the manifest it was built with into the task pane (webpack DefinePlugin); the
 * service answers the fingerprint of the manifest it serves (GET
 * /api/v1/outlook-addin/manifest-fingerprint); when they differ the pane says a newer add-in is out.
 *
 * Node only (node:crypto): it runs in the service, the webpack config and the build, never in the pane.
 *
 * Canonical text, without parsing (a regular-expression pass is enough for a file we write ourselves):
 * line endings, comments, the XML declaration and whitespace between tags or inside runs do not
 * count; everything else does, including the deployment URLs. A manifest moved to another address is
 * another deployment for Outlook (it must be installed again), so the development manifest
 * (https://localhost:3000) and a production one (ADDIN_PUBLIC_URL) do not agree, on purpose: a
 * production service serves dist/manifest.xml and production bundles bake that one's fingerprint.
 */
import { createHash } from "node:crypto";

/** The origin every URL in the committed manifest.xml uses; the build replaces it. */
export const MANIFEST_DEV_ORIGIN = "https://localhost:3000";

export interface ManifestFingerprint {
  /** Lowercase hex SHA-256 of the canonical manifest. */
  fingerprint: string;
  /** The manifest's `<Version>`, or "unknown" when it has none. */
  version: string;
}

export function canonicalManifest(xml: string): string {
  return xml
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\?xml[\s\S]*?\?>/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .replace(/\s*(\/?>)/g, "$1")
    .trim();
}

export function manifestVersion(xml: string): string {
  return /<Version>\s*([^<\s]+)\s*<\/Version>/.exec(canonicalManifest(xml))?.[1] ?? "unknown";
}

export function manifestFingerprint(xml: string): ManifestFingerprint {
  return {
    fingerprint: createHash("sha256").update(canonicalManifest(xml), "utf8").digest("hex"),
    version: manifestVersion(xml),
  };
}

/** manifest.xml as deployed at publicUrl (no trailing slash): what `npm run build` writes to dist/. */
export function deployedManifest(xml: string, publicUrl: string): string {
  return xml.split(MANIFEST_DEV_ORIGIN).join(publicUrl);
}
