/**
 * Signing: the guide (the field it is on, its control, Previous / Next field / Finish) stays at the top
 * of the screen while the documents scroll beneath it with the signer's fields on the pages. Every
 * value is saved as the signer goes (PUT .../fields/{id}), one request at a time per field, so leaving
 * and coming back with the same link finds them again. Finish first saves what is pending, then says
 * next to each required field that is still empty what is missing. Its parts are in signing-view/.
 */
import { useMemo, type RefObject } from "react";
import type { SigningApi } from "../api";
import { inputFields } from "../fields";
import type { PdfLoader } from "../pdf";
import type { SigningSession } from "../types";
import { DocumentPages } from "./DocumentPages";
import { DeclineForm } from "./signing-view/DeclineForm";
import { Guide } from "./signing-view/Guide";
import { LegalNote } from "./signing-view/LegalNote";
import { SigningHeader } from "./signing-view/SigningHeader";
import { SigningIntro } from "./signing-view/SigningIntro";
import { useDecline } from "./signing-view/use-decline";
import { useFieldSaves } from "./signing-view/use-field-saves";
import { useFinish } from "./signing-view/use-finish";
import { useGuide } from "./signing-view/use-guide";
import { useSigningReady } from "./signing-view/use-signing-ready";

export function SigningView({
  api,
  session,
  pdf,
  headingRef,
  onDone,
  onReload,
}: {
  api: SigningApi;
  session: SigningSession;
  pdf: PdfLoader;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The session after finishing or declining. */
  onDone: (session: SigningSession) => void;
  /** The link changed under the page (voided, access code asked again): ask the service what it is now. */
  onReload: () => void;
}) {
  const fields = session.fields;
  const inputs = useMemo(() => inputFields(fields), [fields]);
  // In this order: their effects run in the order they are called.
  const saves = useFieldSaves({ api, fields, inputs, onReload });
  useSigningReady();
  const guide = useGuide(fields, saves);
  const { finishing, finishError, finish } = useFinish({
    api,
    fields,
    inputs,
    saves,
    goTo: guide.goTo,
    onDone,
    onReload,
  });
  const decline = useDecline({ api, onDone, onReload });

  return (
    <div className="page signing">
      <SigningHeader
        session={session}
        headingRef={headingRef}
        declineButton={decline.declineButton}
        showDecline={!decline.declining}
        onDecline={decline.start}
      />
      <SigningIntro session={session} />

      <section className="guide" aria-label="Your fields">
        {decline.declining ? (
          <DeclineForm onCancel={decline.cancel} onDecline={decline.decline} />
        ) : (
          <Guide
            session={session}
            inputs={inputs}
            saves={saves}
            guide={guide}
            finishing={finishing}
            finishError={finishError}
            onFinish={() => void finish()}
          />
        )}
      </section>

      <section className="documents" aria-label="Documents">
        <DocumentPages
          api={api}
          pdf={pdf}
          documents={session.documents}
          fields={fields}
          values={saves.values}
          currentId={guide.currentId}
          signer={session.signer}
          onSelect={guide.select}
        />
      </section>
      <LegalNote />
    </div>
  );
}
