import { useEffect, useMemo, useRef, useState } from "react";
import type { SigningGroupsApi } from "../../../api/signing-groups";
import { blockingProblems, checkDraft } from "../../send/check";
import type { SendDocument } from "../../send/documents";
import type { SendDraftState } from "./draft-reducer";
import type { LayoutState } from "./FieldsStep";
import { useFormState } from "./use-form-state";

/**
 * The check (step 4) of the draft's fields against its documents and signers: each chosen
 * document's pages and tags (read in step 3, or here for those it did not open), and how many
 * members each signing group has now. Worked out in steps 4 and 5 only.
 */
export function useDraftCheck({
  state,
  groups,
  pdfBytes,
}: {
  state: SendDraftState;
  groups: SigningGroupsApi;
  pdfBytes(doc: SendDocument): Promise<Uint8Array>;
}) {
  const { choices, step, generation } = state;
  const [layouts, setLayouts] = useFormState(generation, () => new Map<string, LayoutState>());
  const [groupMembers, setGroupMembers] = useState<Map<string, number>>(new Map());
  // The effect below reads the documents with the latest function, not the one it started with.
  const pdfBytesRef = useRef(pdfBytes);
  pdfBytesRef.current = pdfBytes;

  const chosenDocs = useMemo(
    () => choices?.documents.filter((d) => d.included && d.sendable) ?? [],
    [choices?.documents],
  );
  const check = useMemo(
    () =>
      choices && (step === "check" || step === "send")
        ? checkDraft({
            documents: choices.documents,
            rows: choices.rows,
            fields: choices.fields,
            layouts,
            signatureBlock: choices.signatureBlock,
            groupMembers,
            template: choices.template
              ? {
                  documentCount: choices.template.documents.length,
                  fieldsByRow: new Map(
                    Object.entries(choices.template.roles).map(([row, role]) => [row, role.fieldCount]),
                  ),
                }
              : null,
          })
        : null,
    [choices, layouts, groupMembers, step],
  );
  const accepted = useMemo(() => new Set(choices?.accepted ?? []), [choices?.accepted]);
  const blocking = check ? blockingProblems(check, accepted) : [];

  // The check asks the service how many members each group slot has now.
  useEffect(() => {
    if (step !== "check" || !choices) return;
    const ids = [
      ...new Set(choices.rows.flatMap((r) => (r.kind === "group" && r.included ? [r.groupId] : []))),
    ];
    const abort = new AbortController();
    void Promise.all(
      ids.map((id) =>
        groups.get(id, { signal: abort.signal }).then(
          (g) => [id, g.memberCount] as const,
          () => null,
        ),
      ),
    ).then((found) => {
      if (!abort.signal.aborted) setGroupMembers(new Map(found.filter((f) => f !== null)));
    });
    return () => abort.abort();
  }, [step]);

  // The check needs every chosen document's pages and tags: those not opened in step 3 (the user
  // went straight to the check) are read here.
  const missingLayouts = chosenDocs
    .filter((d) => !layouts.has(d.key))
    .map((d) => d.key)
    .join("\n");
  useEffect(() => {
    if ((step !== "check" && step !== "send") || missingLayouts === "") return;
    let cancelled = false;
    void (async () => {
      for (const doc of chosenDocs) {
        if (cancelled || layouts.has(doc.key)) continue;
        let layout: LayoutState;
        try {
          const { openPdf } = await import(/* webpackChunkName: "send-pdf" */ "../../send/pdf-engine");
          const pdf = await openPdf(await pdfBytesRef.current(doc));
          layout = { pages: pdf.pages, tags: pdf.tags };
          void pdf.close();
        } catch (error) {
          layout = { error: error instanceof Error ? error.message : String(error) };
        }
        if (!cancelled) setLayouts((m) => new Map(m).set(doc.key, layout));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [step, missingLayouts]);

  /** Step 3 read a document's pages and tags. */
  const layoutRead = (docKey: string, layout: LayoutState) =>
    setLayouts((m) => new Map(m).set(docKey, layout));

  return { chosenDocs, layouts, layoutRead, check, accepted, blocking };
}
