import { useMemo, useState } from "react";
import type { OutlookHost } from "../../../outlook";
import type { SendDocument } from "../../send/documents";
import type { PlacedField } from "../../send/fields";
import type { Placement } from "../../self-sign/deliver";
import { selfRow } from "../../self-sign/flow";
import type { LayoutState } from "../send/FieldsStep";

/**
 * What the user chose before signing: the attachments, their fields, and (writing) where the signed
 * copy goes. Kept while the flow runs, so that a stopped signing starts again from the same choices.
 */
export function useSelfSignChoices({
  host,
  initial,
  replaceable,
}: {
  host: OutlookHost;
  initial: SendDocument[];
  /** Outlook can take the original off the draft. */
  replaceable: boolean;
}) {
  const [documents, setDocuments] = useState(initial);
  const [fields, setFields] = useState<PlacedField[]>([]);
  const [layouts, setLayouts] = useState<ReadonlyMap<string, LayoutState>>(new Map());
  // Writing: the signed copy replaces the unsigned one by default (who sends both?), where Outlook can.
  const [placement, setPlacement] = useState<Placement>(replaceable ? "replace" : "beside");
  // The one signer of the fields step's rows: the user.
  const rows = useMemo(() => [selfRow(host.userAddress(), "You")], [host]);

  const chosen = documents.filter((d) => d.included);
  // Fields of yours: dropped ones, and the documents' own tags for signer 1.
  const tagged = chosen.some((d) => {
    const layout = layouts.get(d.key);
    return (
      layout !== undefined && "tags" in layout && layout.tags.some((t) => t.signerIndex === 1 && !t.error)
    );
  });
  const mine = fields.filter((f) => chosen.some((d) => d.key === f.docKey));

  return {
    documents,
    setDocuments,
    /** The included documents, the ones signed. */
    chosen,
    rows,
    /** The fields on the included documents (a field stays on a document left out, for its return). */
    fields: mine,
    setFields,
    layouts,
    onLayout: (key: string, layout: LayoutState) => setLayouts((before) => new Map(before).set(key, layout)),
    /** Something to sign: a field dropped, or a tag for signer 1 in a document. */
    hasFields: mine.length > 0 || tagged,
    placement,
    setPlacement,
  };
}
