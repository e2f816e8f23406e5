/**
 * The add-in's sign-in boundary. Everything that calls the signing service asks a TokenSource for
 * the credential to send; which kind of sign-in produced it is this module's business only.
 *
 * Implementations:
 * - `pat.ts`: a personal access token typed into Settings (local service, workbench, development).
 * - `microsoft.ts`: Microsoft Entra ID through MSAL (nested app authentication where Outlook offers
 *   it, else the Office dialog fallback of `dialog/`).
 */
export interface TokenSource {
  /** The bearer token to send, or null when nobody is signed in. */
  getToken(): Promise<string | null>;
  /** Forgets the credential (and whatever cache holds it). */
  signOut(): void;
}
