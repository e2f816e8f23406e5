/**
 * Writes the workbench's attachment fixtures: small, valid PDF files (test/fixtures/*.pdf), and
 * updates their sizes in test/fixtures/message.json.
 *
 *   node --import tsx scripts/build-fixtures.ts
 *
 * A hand-written PDF 1.4 writer (one Helvetica font, text only, a correct cross-reference table),
 * deterministic: running it again writes the same bytes. The files are committed; run this only to
 * change them. test/workbench/fixtures.test.ts checks they stay valid and match message.json.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FIXTURES = join(__dirname, "..", "test", "fixtures");

interface Line {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gap?: number;
  /** From the previous line's baseline to this one's, before `gap` (default 1.45 × size). */
  leading?: number;
  /** Text of a second column on the same line, at RIGHT_COLUMN. */
  right?: string;
}

/** Where a second column starts (two parties' signature blocks side by side). */
const RIGHT_COLUMN = 324;
/** Signature blocks: lines 16 pt apart, as in the agreements people send. */
const BLOCK = 16;

interface Document {
  file: string;
  title: string;
  pages: Line[][];
}

/** A PDF literal string: Latin-1 only, `\`, `(` and `)` escaped. */
function pdfString(text: string): string {
  if (/[^\x20-\x7e]/.test(text))
    throw new Error(`fixture text must be printable ASCII: ${JSON.stringify(text)}`);
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function pageContent(lines: Line[]): string {
  const ops: string[] = [];
  let y = 760;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gap ?? 0) + (line.leading ?? size * 1.45);
    const font = `/${line.bold ? "F2" : "F1"} ${size} Tf`;
    ops.push(`BT ${font} 72 ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`);
    if (line.right !== undefined) {
      ops.push(`BT ${font} ${RIGHT_COLUMN} ${y.toFixed(1)} Td ${pdfString(line.right)} Tj ET`);
    }
  }
  return ops.join("\n") + "\n";
}

export function writePdf(doc: Document): Buffer {
  const objects: string[] = [];
  const add = (body: string): number => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(""); // filled in below
  const pages = add("");
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const lines of doc.pages) {
    const content = pageContent(lines);
    const stream = add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R >>`;
  objects[pages - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const info = add(`<< /Title ${pdfString(doc.title)} /Producer (Sign for Outlook fixture generator) >>`);

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

export const DOCUMENTS: Document[] = [
  {
    file: "master-services-agreement.pdf",
    title: "Master Services Agreement",
    pages: [
      [
        { text: "Master Services Agreement", size: 20, bold: true },
        { text: 'between Fabrikam, Inc. ("Supplier") and Contoso Ltd. ("Customer")', gap: 6 },
        { text: "1. Services", bold: true, gap: 14 },
        { text: "Supplier will provide the services described in each statement of work signed" },
        { text: "by both parties. Each statement of work is part of this agreement." },
        { text: "2. Fees and payment", bold: true, gap: 10 },
        { text: "Customer will pay the fees in each statement of work within 30 days of invoice." },
        { text: "3. Term", bold: true, gap: 10 },
        { text: "This agreement starts on the date it is last signed and lasts for two years." },
      ],
      [
        { text: "Signatures", size: 16, bold: true },
        { text: "Each party signs this agreement by its authorised representative.", gap: 6 },
        // Room above each signature line for the signature, then the block's lines 16 pt apart.
        { text: "For Fabrikam, Inc.", bold: true, gap: 14 },
        { text: "Signature: {{sig:1:req}}", leading: BLOCK, gap: 26 },
        { text: "Name: {{name:1}}", leading: BLOCK },
        { text: "Title: {{title:1:req}}", leading: BLOCK },
        { text: "Date: {{datesigned:1}}", leading: BLOCK },
        { text: "For Contoso Ltd.", bold: true, gap: 24 },
        { text: "Signature: {{sig:2:req}}", leading: BLOCK, gap: 26 },
        { text: "Name: {{name:2}}", leading: BLOCK },
        { text: "Initials: {{initial:2:opt}}", leading: BLOCK },
        { text: "Date: {{datesigned:2}}", leading: BLOCK },
      ],
    ],
  },
  {
    file: "mutual-nda.pdf",
    title: "Mutual Non-Disclosure Agreement",
    pages: [
      [
        { text: "Mutual Non-Disclosure Agreement", size: 18, bold: true },
        { text: "Each party may share confidential information with the other to evaluate a", gap: 10 },
        { text: "possible business relationship. The receiving party keeps it confidential for" },
        { text: "three years and uses it only for that purpose." },
        // The two parties side by side; Fabrikam's tags in DocuSign's format, Contoso's in Adobe
        // Sign's (a document made with one product and sent with another).
        { text: "Fabrikam, Inc.", right: "Contoso Ltd.", bold: true, gap: 18 },
        {
          text: "Signature: \\s1\\",
          right: "Signature: {{Sig_es_:signer2:signature}}",
          leading: BLOCK,
          gap: 26,
        },
        { text: "Name: \\n1\\", right: "Name: {{N_es_:signer2:fullname}}", leading: BLOCK },
        { text: "Title: \\ti1\\", right: "Title: {{Ttl_es_:signer2:title}}", leading: BLOCK },
        { text: "Date: \\d1\\", right: "Date: {{Date_es_:signer2:date}}", leading: BLOCK },
      ],
    ],
  },
];

function main(): void {
  const sizes = new Map<string, number>();
  for (const doc of DOCUMENTS) {
    const bytes = writePdf(doc);
    writeFileSync(join(FIXTURES, doc.file), bytes);
    sizes.set(doc.file, bytes.length);
    console.log(`${doc.file}: ${bytes.length} bytes`);
  }
  const messagePath = join(FIXTURES, "message.json");
  const message = JSON.parse(readFileSync(messagePath, "utf8")) as {
    attachments: { file: string; size: number }[];
  };
  for (const attachment of message.attachments) {
    const size = sizes.get(attachment.file);
    if (size !== undefined) attachment.size = size;
  }
  writeFileSync(messagePath, JSON.stringify(message, null, 2) + "\n");
}

if (require.main === module) main();
