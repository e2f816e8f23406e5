import { readFile, stat } from "node:fs/promises";
import { manifestFingerprint, type ManifestFingerprint } from "../../manifest/fingerprint";
import { ApiError } from "../errors";

/**
 * Answers the fingerprint of the manifest file the service serves. The file is read again when it
 * changes (a deployment replaces it without restarting the service), otherwise from memory.
 */
export function manifestFingerprintReader(file: string): () => Promise<ManifestFingerprint> {
  let cached: { key: string; value: ManifestFingerprint } | null = null;
  return async () => {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.mtimeMs}:${info.size}`;
      if (cached?.key === key) return cached.value;
      const value = manifestFingerprint(await readFile(file, "utf8"));
      cached = { key, value };
      return value;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EISDIR" || code === "EACCES") {
        throw new ApiError(
          404,
          "not_found",
          "This service does not serve an add-in manifest (SIGN_ADDIN_MANIFEST names no readable file).",
        );
      }
      throw error;
    }
  };
}
