/**
 * Document pages through pdf.js, loaded on demand: the fields and the guide are usable before pdf.js
 * (its own chunk, about 120 KB gzipped) has arrived. Everything pdf.js fetches comes from our origin
 * (the page's CSP allows nothing else): its worker, standard fonts, CMaps, ICC profiles and wasm
 * decoders are copied beside the bundle (webpack.signing.config.js); no eval.
 */

export interface PdfDocumentHandle {
  /** Draws page `pageNumber` (1-based) into the canvas, `cssWidth` CSS pixels wide. */
  renderPage(pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<void>;
  destroy(): void;
}

export interface PdfLoader {
  open(url: string, headers: Record<string, string>): Promise<PdfDocumentHandle>;
}

declare const __webpack_public_path__: string;

/**
 * Where the bundle's files are (…/sign/assets/): webpack's public path is the build's root as found
 * from the page's own script (…/sign/), the files are under assets/ there.
 */
function assetsBase(): string {
  const root =
    typeof __webpack_public_path__ === "string" && __webpack_public_path__ ? __webpack_public_path__ : "./";
  return new URL("assets/", new URL(root, window.location.href)).href;
}

export const pdfjsLoader: PdfLoader = {
  async open(url, headers) {
    const pdfjs = await import(/* webpackChunkName: "pdfjs" */ "pdfjs-dist");
    const assets = assetsBase();
    pdfjs.GlobalWorkerOptions.workerSrc = `${assets}pdf.worker.min.mjs`;
    const task = pdfjs.getDocument({
      url,
      httpHeaders: headers,
      withCredentials: false,
      isEvalSupported: false,
      enableXfa: false,
      cMapUrl: `${assets}pdfjs/cmaps/`,
      cMapPacked: true,
      standardFontDataUrl: `${assets}pdfjs/standard_fonts/`,
      wasmUrl: `${assets}pdfjs/wasm/`,
      iccUrl: `${assets}pdfjs/iccs/`,
    });
    const doc = await task.promise;
    return {
      async renderPage(pageNumber, canvas, cssWidth) {
        const page = await doc.getPage(pageNumber);
        const base = page.getViewport({ scale: 1 });
        const ratio = Math.min(window.devicePixelRatio || 1, 3);
        const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport }).promise;
      },
      destroy() {
        void task.destroy();
      },
    };
  },
};
