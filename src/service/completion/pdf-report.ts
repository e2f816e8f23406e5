// A small flowing-text writer for the completion reports (certificate of completion, audit trail
// export): headings, label/value lines and wrapped paragraphs that break onto new pages, with
// "page n of m" footers. Standard fonts only (WinAnsi): characters they cannot encode print as "?"
// until a Unicode font is embedded (needs @pdf-lib/fontkit).
import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { wrapText } from "../pdf/flatten";
import { addSealPlaceholder, type SealIdentity, type SealOptions, signPrepared } from "./seal";

const PAGE: [number, number] = [612, 792]; // US Letter; fits A4 printing with these margins
const MARGIN = 54;
// Functions rather than constants: pdf-lib loads when a report is first drawn, not at the service's
// start (scripts/build-service.ts, LAZY_PACKAGES).
const GREY = () => rgb(0.35, 0.35, 0.35);
const BLACK = () => rgb(0, 0, 0);

export interface ReportFonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

export async function reportFonts(doc: PDFDocument): Promise<ReportFonts> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
}

/** Replace what a WinAnsi font cannot draw (and control characters) so a report never fails on a name. */
export function printable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) out += set.has(ch.codePointAt(0)!) ? ch : "?";
  return out;
}

/** Splits text into lines no wider than `width`, breaking words that alone are too wide (flatten's wrapText). */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines = wrapText(font, size, text, width);
  return lines.length ? lines : [""];
}

export class ReportWriter {
  private page!: PDFPage;
  private y = 0;
  readonly width = PAGE[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: ReportFonts,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  text(
    text: string,
    options: { size?: number; font?: PDFFont; indent?: number; color?: ReturnType<typeof rgb> } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.font ?? this.fonts.regular;
    const indent = options.indent ?? 0;
    const leading = size * 1.3;
    for (const line of wrap(font, size, printable(font, text), this.width - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y + size * 0.25,
        size,
        font,
        color: options.color ?? BLACK(),
      });
    }
  }

  heading(text: string, size = 13): void {
    this.ensure(size * 3);
    this.space(size * 0.6);
    this.text(text, { size, font: this.fonts.bold });
    this.space(2);
  }

  /** "Label: value" with the label bold, the value wrapped under itself. */
  field(
    label: string,
    value: string,
    options: { mono?: boolean; indent?: number; labelWidth?: number } = {},
  ): void {
    const size = 9;
    const indent = options.indent ?? 0;
    const labelWidth = options.labelWidth ?? 110;
    const font = options.mono ? this.fonts.mono : this.fonts.regular;
    const lines = wrap(font, size, printable(font, value || "—"), this.width - indent - labelWidth);
    const leading = size * 1.35;
    lines.forEach((line, i) => {
      this.ensure(leading);
      this.y -= leading;
      if (i === 0) {
        this.page.drawText(printable(this.fonts.bold, label), {
          x: MARGIN + indent,
          y: this.y + 2,
          size,
          font: this.fonts.bold,
          color: GREY(),
        });
      }
      this.page.drawText(line, {
        x: MARGIN + indent + labelWidth,
        y: this.y + 2,
        size,
        font,
        color: BLACK(),
      });
    });
  }

  rule(): void {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: rgb(0.75, 0.75, 0.75),
    });
    this.y -= 4;
  }

  /** Writes "footer · page n of m" on every page; call once, after the last content. */
  finish(): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = printable(this.fonts.regular, `${this.footer} · page ${i + 1} of ${pages.length}`);
      page.drawText(text, { x: MARGIN, y: MARGIN - 24, size: 8, font: this.fonts.regular, color: GREY() });
    });
  }
}

/** "2026-11-25 10:00:00 UTC", or "—" when absent. */
export function utc(at: Date | string | null | undefined): string {
  if (at === null || at === undefined || at === "") return "—";
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** A report sealed as the documents are (PAdES, seal.ts): by this identity, with these options. */
export interface ReportSeal extends SealOptions {
  identity: SealIdentity;
}

/** The report's bytes; sealed (one save, then signed) when a seal is given. */
export async function saveReport(doc: PDFDocument, seal?: ReportSeal | null): Promise<Uint8Array> {
  if (!seal) return doc.save();
  const { identity, ...options } = seal;
  addSealPlaceholder(doc, identity, options);
  return signPrepared(await doc.save({ useObjectStreams: false }), identity);
}
