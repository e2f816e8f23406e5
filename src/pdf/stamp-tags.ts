// Writing text tags into a PDF: the pane's "drop a field" stamps the tag text where
// the user dropped the field, and the service later finds it there with find-tags. Each tag's text
// fills its box exactly (font size = box height, squeezed or stretched to the box width with Tz),
// so the rectangle find-tags reports is the box that was dropped. White by default: invisible on
// white paper, still in the text layer. Runs in the browser too: Uint8Array in and out.
import {
  StandardFonts,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setCharacterSqueeze,
  degrees,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";
import { buildTag, type TagFormat } from "../tags";
import { TEXT_ASCENT, TEXT_DESCENT, fromTopLeft, geometryOfPage } from "./geometry";
import { openForUpdate } from "./incremental";
import { loadPdf } from "./inspect";

export interface TagStamp {
  /** 1-based page number. */
  page: number;
  /** The box, in points from the page's visible top-left (as annotations, §6.4). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The tag text, e.g. `{{sig:1}}`. */
  text: string;
}

export interface StampOptions {
  /** Black text instead of white (for a visible placeholder). */
  visible?: boolean;
}

/** A stamp that cannot be written: off the document, an empty box, or text Helvetica cannot write. */
export class StampError extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
    this.name = "StampError";
  }
}

function checkEncodable(font: PDFFont, text: string, index: number): void {
  try {
    font.encodeText(text);
  } catch {
    // pdf-lib's standard fonts write WinAnsi only; embedding a Unicode font needs fontkit, which
    // we do not ship. The pane says so rather than writing a tag nobody could read back.
    throw new StampError(`Tag ${index + 1} holds characters the standard PDF fonts cannot write.`, index);
  }
}

/** Draws one line of text filling `box` (top-left points) upright on the visible page. */
function drawFitted(
  page: PDFPage,
  font: PDFFont,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  visible: boolean,
): void {
  const g = geometryOfPage(page);
  const size = box.height / (TEXT_ASCENT + TEXT_DESCENT);
  const natural = font.widthOfTextAtSize(text, size);
  const squeeze = natural > 0 ? (100 * box.width) / natural : 100;
  const origin = fromTopLeft(g, box.x, box.y + TEXT_ASCENT * size);
  // Tz is text state, kept in the graphics state across drawText's own BT/ET, so it is set
  // around the call and undone by the enclosing Q.
  page.pushOperators(pushGraphicsState(), setCharacterSqueeze(squeeze));
  page.drawText(text, {
    x: origin.x,
    y: origin.y,
    size,
    font,
    color: visible ? rgb(0, 0, 0) : rgb(1, 1, 1),
    rotate: degrees(g.rotation),
  });
  page.pushOperators(popGraphicsState());
}

/**
 * `pdfBytes` with each stamp's text written into its box. Throws StampError for a stamp off the
 * document or with an empty box, InvalidDocumentError for a PDF that cannot be read.
 */
export async function stampTags(
  pdfBytes: Uint8Array,
  stamps: readonly TagStamp[],
  options: StampOptions = {},
): Promise<Uint8Array> {
  const doc = await loadPdf(pdfBytes);
  await stampTagsInto(doc, stamps, options);
  return doc.save();
}

/** `stampTags` on a loaded document (saved by the caller). */
export async function stampTagsInto(
  doc: PDFDocument,
  stamps: readonly TagStamp[],
  options: StampOptions = {},
): Promise<void> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  stamps.forEach((s, i) => {
    const page = pages[s.page - 1];
    if (!Number.isInteger(s.page) || !page) {
      throw new StampError(`Tag ${i + 1} is on page ${s.page}; the document has ${pages.length}.`, i);
    }
    const g = geometryOfPage(page);
    const numbers = [s.x, s.y, s.width, s.height];
    if (!numbers.every(Number.isFinite) || !(s.width > 0 && s.height > 0)) {
      throw new StampError(`Tag ${i + 1} needs a box with a width and a height.`, i);
    }
    if (s.x < 0 || s.y < 0 || s.x + s.width > g.width + 0.01 || s.y + s.height > g.height + 0.01) {
      throw new StampError(`Tag ${i + 1} lies outside page ${s.page}.`, i);
    }
    if (s.text.trim() === "" || /[\r\n]/.test(s.text)) {
      throw new StampError(`Tag ${i + 1} needs its text on one line.`, i);
    }
    checkEncodable(font, s.text, i);
  });
  // pdf-lib wraps a loaded page's existing content in q/Q before the first drawing, so a state
  // that content leaves behind (an unbalanced cm, a colour) cannot move our text; a test holds it.
  for (const s of stamps) drawFitted(pages[s.page - 1]!, font, s.text, s, options.visible ?? false);
}

export interface SignatureBlockSigner {
  name: string;
  email?: string;
  /** The signer index its tags name; default its 1-based place in the list. */
  signerIndex?: number;
}

/** Layout of a signature block, in points: one row per signer with signature, name and date. */
const MARGIN = 54;
const ROW_HEIGHT = 96;
const TAG_HEIGHT = 14;
const LABEL_SIZE = 9;

/**
 * `pdfBytes` with signature-block pages appended: for each signer (1-based signer index = order
 * in `signers`), their name and email in black, and a line each for signature, name and date
 * signed, with the tag (built with src/tags, Platform unless `options.format` names another)
 * stamped white on the line. As many pages as
 * the signers need, each the size of the document's first page as seen (upright).
 */
export async function appendSignatureBlockPage(
  pdfBytes: Uint8Array,
  signers: readonly SignatureBlockSigner[],
  options: { format?: TagFormat } = {},
): Promise<Uint8Array> {
  const doc = await loadPdf(pdfBytes);
  await appendSignatureBlockInto(doc, signers, options);
  return doc.save();
}

/** `appendSignatureBlockPage` on a loaded document (saved by the caller). */
export async function appendSignatureBlockInto(
  doc: PDFDocument,
  signers: readonly SignatureBlockSigner[],
  options: { format?: TagFormat } = {},
): Promise<void> {
  const format = options.format ?? "Platform";
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const first = geometryOfPage(doc.getPage(0));
  const width = first.width;
  const height = first.height;
  const perPage = Math.max(1, Math.floor((height - 2 * MARGIN - 30) / ROW_HEIGHT));
  let page: PDFPage | null = null;
  signers.forEach((signer, i) => {
    const slot = i % perPage;
    if (slot === 0) {
      page = doc.addPage([width, height]);
      page.drawText("Signatures", { x: MARGIN, y: height - MARGIN - 14, size: 14, font: bold });
    }
    const p = page as unknown as PDFPage;
    const top = MARGIN + 30 + slot * ROW_HEIGHT; // from the top
    const heading = signer.email ? `${signer.name} <${signer.email}>` : signer.name;
    checkEncodable(font, heading, i);
    p.drawText(heading, { x: MARGIN, y: height - top - 11, size: 11, font: bold });
    const spec = {
      signerIndex: signer.signerIndex ?? i + 1,
      required: true,
      label: null,
      group: null,
      options: null,
    };
    // Columns share the width between the margins: signature 45%, name 30%, date 20%.
    const avail = width - 2 * MARGIN;
    const fields = [
      { label: "Signature", type: "Signature" as const, x: MARGIN, w: 0.45 * avail, h: 2 * TAG_HEIGHT },
      { label: "Name", type: "Name" as const, x: MARGIN + 0.5 * avail, w: 0.3 * avail, h: TAG_HEIGHT },
      { label: "Date", type: "DateSigned" as const, x: MARGIN + 0.8 * avail, w: 0.2 * avail, h: TAG_HEIGHT },
    ];
    const lineY = top + 58; // the line the signer signs on, from the top
    for (const f of fields) {
      p.drawLine({
        start: { x: f.x, y: height - lineY },
        end: { x: f.x + f.w, y: height - lineY },
        thickness: 0.75,
        color: rgb(0, 0, 0),
      });
      p.drawText(f.label, { x: f.x, y: height - lineY - 12, size: LABEL_SIZE, font });
      const built = buildTag({ type: f.type, ...spec });
      const tag =
        format === "DocuSign" ? built.docuSign : format === "AdobeSign" ? built.adobeSign : built.platform;
      // The signature's tag spans its line (the field placed from it is as big); the others are
      // as wide as their text needs at their height, never wider than the line.
      const natural = font.widthOfTextAtSize(tag, f.h / (TEXT_ASCENT + TEXT_DESCENT));
      const w = f.type === "Signature" ? f.w : Math.min(f.w, natural);
      drawFitted(p, font, tag, { x: f.x, y: lineY - f.h - 2, width: w, height: f.h }, false);
    }
  });
}

export interface StampDocumentOptions extends StampOptions {
  stamps: readonly TagStamp[];
  /** Signers of signature-block pages appended at the end; none when empty. */
  block?: readonly SignatureBlockSigner[];
  format?: TagFormat;
}

/**
 * `pdfBytes` with the stamps written and the signature block appended, saved as an incremental
 * update (src/pdf/incremental.ts): the original bytes stay as they are and only the changed pages,
 * their new content and the font are appended. The same input gives the same bytes. Nothing to do:
 * the bytes themselves.
 */
export async function stampDocument(
  pdfBytes: Uint8Array,
  options: StampDocumentOptions,
): Promise<Uint8Array> {
  const block = options.block ?? [];
  if (options.stamps.length === 0 && block.length === 0) return pdfBytes;
  const update = await openForUpdate(pdfBytes, loadPdf);
  if (options.stamps.length > 0) await stampTagsInto(update.doc, options.stamps, options);
  if (block.length > 0) await appendSignatureBlockInto(update.doc, block, options);
  return update.save();
}
