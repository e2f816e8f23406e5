/**
 * PDFs shown in the Send view's Fields step: pdf.js (the legacy build, as the service uses, so
 * older Outlook web views can run it) opens the bytes, renders pages into canvases, and finds the
 * text tags already in the document with the service's own code (src/pdf/find-tags tagsOnPage),
 * so the boxes drawn are those the service will find when the document is uploaded.
 *
 * Loaded only through `import()` from the Fields step: pdf.js and pdf-lib are never part of the
 * pane's first load. pdf.js runs its "worker" in the pane's thread (globalThis.pdfjsWorker), as in
 * the service: one document of a few pages is opened at a time, and a worker file would need its
 * own URL under the add-in's public path.
 */
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { geometryOfPdfJsPage, tagsOnPage } from "../../pdf/find-tags";
import type { FoundTag, PageSize } from "./fields";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let pdfJs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= (async () => {
    const worker: unknown = await import(
      /* webpackChunkName: "pdfjs" */ "pdfjs-dist/legacy/build/pdf.worker.mjs"
    );
    const g = globalThis as { pdfjsWorker?: unknown };
    g.pdfjsWorker ??= worker;
    return import(/* webpackChunkName: "pdfjs" */ "pdfjs-dist/legacy/build/pdf.mjs");
  })();
  pdfJs.catch(() => (pdfJs = null)); // a failed chunk load is tried again next time
  return pdfJs;
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OpenedPdf {
  pages: PageSize[];
  tags: FoundTag[];
  /**
   * The boxes of page `n`'s text (1-based; points from the visible top-left, y down), so that the
   * Fields step puts its badges beside the document's words, not on them.
   */
  textBoxes(n: number): Promise<TextBox[]>;
  /** Draws page `n` (1-based) into `canvas`, `cssWidth` pixels wide on screen. */
  render(n: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void>;
  close(): Promise<void>;
}

/** Thrown for a PDF pdf.js cannot open: the message says why, in words. */
export class UnreadablePdfError extends Error {}

/** jsdom (component tests) has no canvas: pages are laid out but not drawn there. */
const canDraw = () =>
  typeof navigator === "undefined" || !/jsdom/i.test(navigator.userAgent ?? "") ? true : false;

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes.slice(), // pdf.js takes the buffer it is given; the draft keeps its own
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new UnreadablePdfError(
      error instanceof Error && error.name === "PasswordException"
        ? "it is protected by a password."
        : "it is not a PDF that can be read.",
    );
  }
  const pages: PageSize[] = [];
  const tags: FoundTag[] = [];
  const proxies: PDFPageProxy[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    proxies.push(page);
    const g = geometryOfPdfJsPage(page);
    pages.push({ width: Math.round(g.width * 100) / 100, height: Math.round(g.height * 100) / 100 });
    tags.push(...(await tagsOnPage(page, n, g)));
  }
  const rendering = new Map<HTMLCanvasElement, { cancel(): void }>();
  const textBoxes = new Map<number, Promise<TextBox[]>>();
  return {
    pages,
    tags,
    textBoxes(n) {
      const page = proxies[n - 1];
      if (!page) return Promise.resolve([]);
      let boxes = textBoxes.get(n);
      if (!boxes) {
        boxes = (async () => {
          const viewport = page.getViewport({ scale: 1 });
          const content = await page.getTextContent();
          return content.items.flatMap((item): TextBox[] => {
            if (!("str" in item) || !item.str.trim()) return [];
            const [a = 0, b = 0, , , e = 0, f = 0] = item.transform as number[];
            const size = Math.hypot(a, b) || item.height;
            // From the descender to the ascender along the baseline (upright text; others roughly).
            const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([
              e,
              f - size * 0.25,
              e + item.width,
              f + size * 0.85,
            ]) as [number, number, number, number];
            const x = Math.min(x1, x2);
            const y = Math.min(y1, y2);
            return [{ x, y, width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) }];
          });
        })().catch(() => []);
        textBoxes.set(n, boxes);
      }
      return boxes;
    },
    async render(n, canvas, cssWidth) {
      const page = proxies[n - 1];
      if (!page || !canDraw() || cssWidth <= 0) return;
      rendering.get(canvas)?.cancel();
      const ratio = typeof devicePixelRatio === "number" ? Math.min(devicePixelRatio, 3) : 1;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const task = page.render({ canvas, viewport });
      rendering.set(canvas, task);
      try {
        await task.promise;
      } catch (error) {
        if (!(error instanceof Error && error.name === "RenderingCancelledException")) throw error;
      } finally {
        if (rendering.get(canvas) === task) rendering.delete(canvas);
      }
    },
    async close() {
      for (const task of rendering.values()) task.cancel();
      await doc.destroy();
    },
  };
}
