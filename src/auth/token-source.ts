/**
 * The add-in's sign-in boundary. Everything that calls the signing service asks a TokenSource for
 * the credential to send; which kind of sign-in produced it is this module's business only.
 *
 * Implementations:
 * - `pat.ts`: a personal access token typed into Settings (local service, workbench, development).
 * - MSAL (nested app authentication, Office dialog fallback): a later increment, behind the same
 *   interface.
 */
export interface TokenSource {
  /** The bearer token to send, or null when nobody is signed in. */
  getToken(): Promise<string | null>;
  /** Forgets the credential (and whatever cache holds it). */
  signOut(): void;
}
