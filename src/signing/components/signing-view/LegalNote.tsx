/** What selecting Finish means. */
export function LegalNote() {
  return (
    <p className="hint legal">
      By selecting Finish you sign these documents electronically, and agree that your electronic signature is
      as valid as one on paper.
    </p>
  );
}
