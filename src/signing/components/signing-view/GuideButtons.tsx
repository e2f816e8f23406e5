/** Previous, Next field and Finish; Finish is the primary button once every required field is filled. */
import type { RefObject } from "react";
import { BusyButton } from "../BusyButton";

export function GuideButtons({
  inputCount,
  allRequiredDone,
  finishing,
  finishButton,
  onPrevious,
  onNext,
  onFinish,
}: {
  /** How many fields the signer fills in. */
  inputCount: number;
  allRequiredDone: boolean;
  finishing: boolean;
  finishButton: RefObject<HTMLButtonElement | null>;
  onPrevious: () => void;
  onNext: () => void;
  onFinish: () => void;
}) {
  return (
    <div className="button-row">
      {inputCount > 1 && (
        <button type="button" className="button" onClick={onPrevious}>
          Previous
        </button>
      )}
      {inputCount > 0 && (
        <button type="button" className={`button${allRequiredDone ? "" : " primary"}`} onClick={onNext}>
          Next field
        </button>
      )}
      <BusyButton
        ref={finishButton}
        type="button"
        className={`button${allRequiredDone ? " primary" : ""}`}
        busy={finishing}
        onClick={onFinish}
      >
        {finishing ? "Finishing…" : "Finish"}
      </BusyButton>
    </div>
  );
}
