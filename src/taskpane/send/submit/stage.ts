// The stages of a submission, the events it reports, and the error naming the stage that failed;
// `step` runs one piece of work under its stage.

export type SubmitStage = "package" | "documents" | "signers" | "fields" | "sending";

export const STAGE_LABELS: Record<SubmitStage, string> = {
  package: "Preparing the package",
  documents: "Uploading the documents",
  signers: "Adding the signers",
  fields: "Placing the fields",
  sending: "Sending",
};

export type SubmitEvent =
  | { kind: "stage"; stage: SubmitStage }
  | { kind: "upload"; docKey: string; sent: number; total: number; resumed: boolean };

/** A send that stopped: at which stage, for which document, and the service's error. */
export class SubmitError extends Error {
  constructor(
    readonly stage: SubmitStage,
    override readonly cause: unknown,
    readonly docKey: string | null = null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "SubmitError";
  }
}

/** Runs `run`; a failure becomes a SubmitError of `stage` (and `docKey`) unless it already is one. */
export async function step<T>(
  stage: SubmitStage,
  run: () => Promise<T>,
  docKey: string | null = null,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof SubmitError ? error : new SubmitError(stage, error, docKey);
  }
}
