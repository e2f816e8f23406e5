// Checks every write to a package's signers shares: the signer named must be the package's, and no
// two person signers may share an address (checked first, then the unique index for racing requests).
import { caseKey } from "../../../shared/signing-group-rules";
import { ApiError, notFound } from "../../errors";
import { UniqueViolationError, type PackageRecord, type SignerRecord } from "../../storage";
import { parseId, type Stores } from "../package-rules";

/** 400 duplicate_signer when two person signers of the package share an address (ignoring case). */
export function checkDuplicates(
  signers: readonly SignerRecord[],
  fieldOf: (x: SignerRecord) => string,
): void {
  const seen = new Map<string, SignerRecord>();
  for (const x of signers) {
    if (x.signingGroupId !== null || x.email === null) continue;
    const key = caseKey(x.email);
    const other = seen.get(key);
    if (other) {
      throw new ApiError(400, "duplicate_signer", `${x.email} is already a signer of this package.`, [
        { field: fieldOf(x), message: `${x.email} is already a signer of this package.` },
      ]);
    }
    seen.set(key, x);
  }
}

export async function withDuplicateGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    // Two requests racing past the check: the unique index decides.
    if (error instanceof UniqueViolationError) {
      throw new ApiError(400, "duplicate_signer", "That email address is already a signer of this package.");
    }
    throw error;
  }
}

export async function requireSigner(s: Stores, pkg: PackageRecord, idText: string): Promise<SignerRecord> {
  const id = parseId(idText);
  const signer = id ? await s.signers.get(pkg.id, id) : null;
  if (!signer) throw notFound(`Signer ${idText} of package ${pkg.id}`);
  return signer;
}
