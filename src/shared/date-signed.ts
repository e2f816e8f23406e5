/**
 * A "Date signed" field's value: the day the signer finishes, as YYYY-MM-DD in UTC. The service stores
 * it and completion draws it into the sealed PDF as it is; the signing page shows the same text, so the
 * signer sees on the page what the document will hold.
 */
export function dateSignedText(at: Date): string {
  return at.toISOString().slice(0, 10);
}
