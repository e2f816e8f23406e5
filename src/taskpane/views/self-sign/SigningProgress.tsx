import { Spinner } from "@fluentui/react-components";
import { SignedAndSealed } from "./SignedAndSealed";
import { SigningFailed } from "./SigningFailed";
import type { Phase } from "./phase-reducer";
import { WaitingForSignature } from "./WaitingForSignature";

/** From "Sign now" on: each phase of the flow (use-self-sign.ts) as the user sees it. */
export function SigningProgress({
  phase,
  mode,
  onReopen,
  onCancel,
  onStop,
  onStatus,
  onRetry,
}: {
  phase: Exclude<Phase, { kind: "pick" } | { kind: "fields" }>;
  mode: "read" | "compose";
  onReopen(): void;
  onCancel(): void;
  /** Stop waiting: asks whether to discard the package or keep it. */
  onStop(): void;
  onStatus(packageId: string): void;
  onRetry(): void;
}) {
  switch (phase.kind) {
    case "preparing":
      return <Spinner size="tiny" label="Preparing your document…" labelPosition="after" />;
    case "signing":
      return <WaitingForSignature windowKind={phase.window} onReopen={onReopen} onStop={onStop} />;
    case "sealing":
      return <Spinner size="tiny" label="Sealing your signed document…" labelPosition="after" />;
    case "delivering":
      return (
        <Spinner
          size="tiny"
          labelPosition="after"
          label={mode === "read" ? "Opening your reply…" : "Attaching the signed document…"}
        />
      );
    case "done":
      return <SignedAndSealed packageId={phase.packageId} delivered={phase.delivered} onStatus={onStatus} />;
    case "failed":
      return (
        <SigningFailed
          stage={phase.stage}
          error={phase.error}
          packageId={phase.packageId}
          mode={mode}
          onRetry={onRetry}
          onCancel={onCancel}
          onStatus={onStatus}
        />
      );
  }
}
