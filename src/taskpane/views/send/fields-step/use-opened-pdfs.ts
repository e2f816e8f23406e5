/**
 * The chosen documents opened with pdf.js for the fields step: each once, one after the other (its
 * pages and the tags in it go to `onLayout`), the shown one again when a restored draft has its layout
 * but no pdf.js document yet, and all closed when the step goes. pdf.js comes in its own chunk, loaded
 * on the first document.
 */
import { useEffect, useRef, useState } from "react";
import type { DocumentLayout } from "../../../send/fields";
import type { SendDocument } from "../../../send/documents";
import type { OpenedPdf } from "../../../send/pdf-engine";

export type LayoutState = DocumentLayout | { error: string };

/** Answers the opened pdf.js document of a document's key, once there (the step draws again then). */
export function useOpenedPdfs(options: {
  documents: readonly SendDocument[];
  /** The document shown. */
  shown: SendDocument | null;
  layouts: ReadonlyMap<string, LayoutState>;
  onLayout(docKey: string, layout: LayoutState): void;
  pdfBytes(doc: SendDocument): Promise<Uint8Array>;
}): (docKey: string | undefined) => OpenedPdf | undefined {
  const { documents, shown, layouts, onLayout, pdfBytes } = options;
  const opened = useRef(new Map<string, OpenedPdf>());
  const [, setOpenedVersion] = useState(0);

  // Open each chosen document once, one after the other: its pages and the tags in it.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      for (const d of documents) {
        if (cancelled) return;
        if (opened.current.has(d.key) || layouts.get(d.key)) continue;
        try {
          const { openPdf } = await import(/* webpackChunkName: "send-pdf" */ "../../../send/pdf-engine");
          const bytes = await pdfBytes(d);
          const pdf = await openPdf(bytes);
          if (cancelled) {
            void pdf.close();
            return;
          }
          opened.current.set(d.key, pdf);
          onLayout(d.key, { pages: pdf.pages, tags: pdf.tags });
          setOpenedVersion((n) => n + 1);
        } catch (error) {
          if (cancelled) return;
          onLayout(d.key, { error: error instanceof Error ? error.message : String(error) });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // layouts changes each time one opens: only the list of documents restarts the loop.
  }, [documents.map((d) => d.key).join("\n")]);

  // Documents that are opened again (a restored draft has layouts but no pdf.js document yet).
  useEffect(() => {
    const doc = shown;
    if (!doc || opened.current.has(doc.key)) return;
    const layout = layouts.get(doc.key);
    if (!layout || "error" in layout) return;
    let cancelled = false;
    void (async () => {
      try {
        const { openPdf } = await import(/* webpackChunkName: "send-pdf" */ "../../../send/pdf-engine");
        const pdf = await openPdf(await pdfBytes(doc));
        if (cancelled) return void pdf.close();
        opened.current.set(doc.key, pdf);
        setOpenedVersion((n) => n + 1);
      } catch {
        // the layout stays; the page is shown without its picture
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [shown?.key]);

  useEffect(
    () => () => {
      for (const pdf of opened.current.values()) void pdf.close();
      opened.current.clear();
    },
    [],
  );

  return (docKey) => (docKey === undefined ? undefined : opened.current.get(docKey));
}
