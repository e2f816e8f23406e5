import { useReducer } from "react";
import type { Stopped } from "./phase-reducer";

/** The Stop waiting question: closed, asked, or answered "Discard" and voiding the package. */
export type StopQuestion = "closed" | "asking" | "discarding";

export type StopQuestionAction =
  | { type: "asked" }
  /** Escape: not stopped after all. */
  | { type: "dismissed" }
  | { type: "kept" }
  | { type: "discardStarted" }
  | { type: "discardEnded" };

export function stopQuestionReducer(state: StopQuestion, action: StopQuestionAction): StopQuestion {
  switch (action.type) {
    case "asked":
      return state === "discarding" ? state : "asking";
    case "dismissed":
      // Not while the void is under way: its answer is shown once it is back.
      return state === "discarding" ? state : "closed";
    case "kept":
    case "discardEnded":
      return "closed";
    case "discardStarted":
      return "discarding";
  }
}

/**
 * "Stop waiting" asks first (StopDialog.tsx): discard the package or keep it in Status. The question
 * shows only while the pane waits for the signature; the answer goes to the flow's stop().
 */
export function useStopQuestion({
  signing,
  stop,
}: {
  signing: boolean;
  stop(how: Stopped["how"]): Promise<void>;
}) {
  const [state, dispatch] = useReducer(stopQuestionReducer, "closed");
  return {
    open: state !== "closed" && signing,
    discarding: state === "discarding",
    ask: () => dispatch({ type: "asked" }),
    dismiss: () => dispatch({ type: "dismissed" }),
    keep: () => {
      dispatch({ type: "kept" });
      void stop("kept");
    },
    discard: () => {
      dispatch({ type: "discardStarted" });
      void stop("discarded").finally(() => dispatch({ type: "discardEnded" }));
    },
  };
}
