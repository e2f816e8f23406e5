// Per document, the upload session or document a try made and the SHA-256 of its bytes, saved in
// the draft the moment it changes so that a closed pane or a lost answer loses nothing.
import type { DocumentProgress } from "../draft";
import type { SubmitInput } from "./submit-input";

export class RememberedProgress {
  private readonly byDoc: Record<string, DocumentProgress>;

  constructor(
    saved: Record<string, DocumentProgress>,
    private readonly remember: SubmitInput["remember"],
  ) {
    this.byDoc = { ...saved };
  }

  of(docKey: string): DocumentProgress | undefined {
    return this.byDoc[docKey];
  }

  keep(docKey: string, value: DocumentProgress): void {
    this.byDoc[docKey] = value;
    this.remember({ progress: { ...this.byDoc } });
  }

  /** A new package holds nothing an earlier try uploaded: its progress is dropped with the old id. */
  startOver(packageId: string): void {
    this.remember({ packageId, progress: {} });
    for (const key of Object.keys(this.byDoc)) delete this.byDoc[key];
  }
}
