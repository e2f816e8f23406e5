/**
 * Sign it yourself, the flow's state machine: pick → fields → preparing → signing → sealing →
 * delivering → done (or failed, saying where), and back to pick when the user starts over or stops
 * waiting. The actions are what happened; use-self-sign.ts dispatches them as the flow runs.
 */
import type { Delivered } from "../../self-sign/deliver";
import type { WindowKind } from "../../self-sign/signing-window";

/** How the last wait was stopped: the package discarded (voided) or kept for Status, or not voided. */
export interface Stopped {
  how: "discarded" | "kept";
  packageId: string;
  /** Voiding failed: the package is still there. */
  error: unknown;
}

export type Phase =
  | { kind: "pick"; stopped?: Stopped }
  | { kind: "fields" }
  | { kind: "preparing" }
  | { kind: "signing"; packageId: string; url: string; window: WindowKind }
  | { kind: "sealing"; packageId: string }
  | { kind: "delivering"; packageId: string }
  | { kind: "done"; packageId: string; delivered: Delivered }
  | { kind: "failed"; packageId: string | null; stage: string; error: unknown };

export type PhaseAction =
  /** Next: your fields. */
  | { type: "fieldsChosen" }
  /** Back from the fields. */
  | { type: "pickChosen" }
  /** Sign now (or Try again): the package is being made. */
  | { type: "started" }
  /** The signing page is open, first or again, in an Office dialog or a browser window. */
  | { type: "signingOpened"; packageId: string; url: string; window: WindowKind }
  /** The package is signed (no longer "signing"): the service seals it. */
  | { type: "signed"; packageId: string }
  /** Sealed: the signed copy goes into the conversation. */
  | { type: "sealed"; packageId: string }
  | { type: "delivered"; packageId: string; delivered: Delivered }
  | { type: "failed"; packageId: string | null; stage: string; error: unknown }
  /** Start over: the choices stay, the flow's state goes. */
  | { type: "cancelled" }
  | { type: "stopped"; stopped: Stopped };

export const initialPhase: Phase = { kind: "pick" };

// Each action sets its phase whatever the one before: the flow dispatches them in order.
export function phaseReducer(_phase: Phase, action: PhaseAction): Phase {
  switch (action.type) {
    case "fieldsChosen":
      return { kind: "fields" };
    case "pickChosen":
    case "cancelled":
      return { kind: "pick" };
    case "started":
      return { kind: "preparing" };
    case "signingOpened":
      return { kind: "signing", packageId: action.packageId, url: action.url, window: action.window };
    case "signed":
      return { kind: "sealing", packageId: action.packageId };
    case "sealed":
      return { kind: "delivering", packageId: action.packageId };
    case "delivered":
      return { kind: "done", packageId: action.packageId, delivered: action.delivered };
    case "failed":
      return { kind: "failed", packageId: action.packageId, stage: action.stage, error: action.error };
    case "stopped":
      return { kind: "pick", stopped: action.stopped };
  }
}
