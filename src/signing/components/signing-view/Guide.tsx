/** The guide while the signer fills in: progress, the current field's control, the buttons, Finish's message. */
import { progressOf } from "../../fields";
import type { SigningField, SigningSession } from "../../types";
import { CurrentField } from "./CurrentField";
import { GuideButtons } from "./GuideButtons";
import { GuideHead } from "./GuideHead";
import type { FieldSaves } from "./use-field-saves";
import type { Guide as GuideState } from "./use-guide";

export function Guide({
  session,
  inputs,
  saves,
  guide,
  finishing,
  finishError,
  onFinish,
}: {
  session: SigningSession;
  inputs: readonly SigningField[];
  saves: FieldSaves;
  guide: GuideState;
  finishing: boolean;
  finishError: string | null;
  onFinish: () => void;
}) {
  const { current } = guide;
  const progress = progressOf(session.fields, saves.values);
  return (
    <>
      <GuideHead
        progress={progress}
        hasField={current !== null}
        collapsed={guide.collapsed}
        bodyId={guide.bodyId}
        onToggle={guide.toggle}
      />
      {current ? (
        <CurrentField
          field={current}
          inputs={inputs}
          session={session}
          saves={saves}
          bodyId={guide.bodyId}
          collapsed={guide.collapsed}
          editorRef={guide.editor}
          onSigned={guide.afterSigned}
        />
      ) : (
        <p>You have no fields to fill in: read the documents, then select Finish.</p>
      )}
      <GuideButtons
        inputCount={inputs.length}
        allRequiredDone={progress.requiredDone === progress.requiredTotal}
        finishing={finishing}
        finishButton={guide.finishButton}
        onPrevious={guide.previous}
        onNext={guide.next}
        onFinish={onFinish}
      />
      {finishError && (
        <p className="field-error" role="alert">
          {finishError}
        </p>
      )}
    </>
  );
}
