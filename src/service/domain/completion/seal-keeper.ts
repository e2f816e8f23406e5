// The deployment's seal identity (the certificate and key every sealed PDF is signed with), made or
// read once per process and settings.
import { loadOrCreateSealIdentity, type SealIdentity, type SealSettings } from "../../completion/seal";

/** The seal identity, made (first use) or read once per process and settings. */
export class SealKeeper {
  private identity: SealIdentity | null = null;
  constructor(private readonly settings: SealSettings) {}
  get(): SealIdentity {
    // Synchronous on purpose: two concurrent first uses must not both generate (the file rename
    // makes that safe across processes too, see seal.ts).
    return (this.identity ??= loadOrCreateSealIdentity(this.settings));
  }
}
