// Issue 26 point 6, end to end through the real service: a PDF with realistic signature blocks (a
// label left of each tag, lines 16 pt apart), one page per tag format (Platform, DocuSign, Adobe
// Sign) with a tag of every field type, is uploaded, its tags applied, sent; each signer fills every
// field through the signing API and finishes; the scheduler seals it. The sealed PDF and the upload
// are rendered by poppler (pdftoppm) and compared: every changed pixel lies in a field's box or a
// removed tag's box, every field has ink in its box, and no field box covers other text of the page
// (pdftotext -bbox of the upload, the tags' own words aside); text values stand on their tag's
// baseline at the size of the label beside it.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { buildTag, FIELD_SIZES, type TagType } from "../../src/tags";
import { signaturePng, TINY_PNG } from "../pdf/images";
import { changedPixels, darkestIn, inBox, renderGrey, type Word, wordsOf } from "../pdf/poppler";
import { BACKENDS } from "./harness";
import { useSigningWorld } from "./signing.helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field.
type Json = Record<string, any> & { id: string };
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const FORMATS = ["platform", "docuSign", "adobeSign"] as const;
const TYPES = Object.keys(FIELD_SIZES) as TagType[];
const OPTIONS = ["Gold", "Silver"];
// DocuSign's \r and \l tags carry no options, and a choice needs some: apply-detected-tags skips
// them (does_not_fit), so the DocuSign page has no such rows.
const CHOICES: ReadonlySet<TagType> = new Set(["RadioGroup", "Dropdown"]);
const LABELS: Record<TagType, string> = {
  Signature: "Signature:",
  Initials: "Initials:",
  DateSigned: "Date:",
  Name: "Name:",
  Email: "Email:",
  Company: "Company:",
  Title: "Title:",
  Text: "Remarks:",
  Date: "Start:",
  Number: "Seats:",
  Checkbox: "Agreed:",
  RadioGroup: "Plan:",
  Dropdown: "Region:",
  Attachment: "Annex:",
};
const SIGNATURE = `data:image/png;base64,${Buffer.from(signaturePng(400, 120)).toString("base64")}`;

/** What a signer enters in a field of each type (Name, Email and DateSigned fill themselves). */
function valueFor(type: TagType): string | null {
  switch (type) {
    case "Signature":
    case "Initials":
      return SIGNATURE;
    case "Company":
      return "Fabrikam";
    case "Title":
      return "Director";
    case "Text":
      return "Renewal subject to approval";
    case "Date":
      return "2027-01-01";
    case "Number":
      return "42";
    case "Checkbox":
      return "true";
    case "RadioGroup":
    case "Dropdown":
      return "Gold";
    default:
      return null;
  }
}

/**
 * Three pages, one per format, page n for signer n (routing order): a heading, a paragraph, then a
 * block of every type, each "Label: tag" on its own line 16 pt below the last, with room above the
 * signature and initials lines; a note in the right column on some lines (the fields stop short).
 */
async function agreement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  FORMATS.forEach((format, i) => {
    const page = doc.addPage([612, 792]);
    const draw = (x: number, baseline: number, text: string, font = regular, size = 10) =>
      page.drawText(text, { x, y: 792 - baseline, size, font });
    draw(72, 80, `Order Form, part ${i + 1}`, bold, 16);
    draw(72, 110, "The customer signs below by its authorised representative.");
    let baseline = 130;
    for (const type of TYPES) {
      if (format === "docuSign" && CHOICES.has(type)) continue;
      const tag = buildTag({
        type,
        signerIndex: i + 1,
        required: false,
        label: null,
        group: type === "RadioGroup" ? "plan" : null,
        options: CHOICES.has(type) ? OPTIONS : null,
      })[format];
      baseline += 16 + (type === "Signature" || type === "Initials" ? 30 : 0);
      draw(72, baseline, LABELS[type]);
      draw(130, baseline, tag);
      if (type === "Email" || type === "Text" || type === "Number") draw(430, baseline, "(see annex)");
    }
  });
  return doc.save();
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = (a: Json): Box => ({ x: a.x, y: a.y, width: a.width, height: a.height });
/** A word of the upload that belongs to a tag (a tag with spaces is several words). */
const within = (w: Word, b: Box) =>
  w.xMin >= b.x - 0.5 &&
  w.xMax <= b.x + b.width + 0.5 &&
  w.yMin >= b.y - 0.5 &&
  w.yMax <= b.y + b.height + 0.5;

describe.each(BACKENDS)("the sealed page on %s", (backend) => {
  const w = useSigningWorld(backend, "sealed-page", { SMTP_FROM: "Signing <sign@contoso.com>" });

  test("changes only fields and removed tags, inks every field, covers no other text", async () => {
    const upload = await agreement();
    const pkg = (await w.call("POST", "/api/v1/packages", { name: "Order form" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(upload)], { type: "application/pdf" }), "order.pdf");
    const uploaded = await fetch(`${w.service.url}/api/v1/packages/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const doc = (await uploaded.json()) as Json;
    const people = ["ada", "bob", "cy"].map((n, i) => ({
      email: `${n}@fabrikam.com`,
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Signer`,
      routingOrder: i + 1,
    }));
    expect(
      (await w.call("POST", `/api/v1/packages/${pkg.id}/signers/bulk`, { signers: people })).status,
    ).toBe(201);
    const tags = (await w.call<Json[]>("GET", `/api/v1/packages/${pkg.id}/documents/${doc.id}/detected-tags`))
      .body;
    const rows = 3 * TYPES.length - CHOICES.size;
    expect(tags).toHaveLength(rows);
    const applied = await w.call<{ created: Json[]; skipped: unknown[] }>(
      "POST",
      `/api/v1/packages/${pkg.id}/apply-detected-tags`,
      {},
    );
    expect(applied.body.skipped).toEqual([]);
    expect(applied.body.created).toHaveLength(rows);
    expect((await w.call("POST", `/api/v1/packages/${pkg.id}/send`)).status).toBe(200);

    // Each signer, in routing order, fills every field from the link in their mail and finishes.
    for (const person of people) {
      const link = await w.linkFor(person.email);
      const fields = (await w.sign("GET", link)).body.fields as Json[];
      expect(fields).toHaveLength(TYPES.length - (people.indexOf(person) === 1 ? CHOICES.size : 0));
      for (const field of fields) {
        if (field.type === "Attachment") {
          // The raw bytes as the body (service.call would send JSON).
          const attached = await fetch(
            `${w.service.url}/api/v1/signing/${link}/fields/${field.id}/attachment`,
            {
              method: "POST",
              body: Buffer.from(TINY_PNG),
              headers: { "content-type": "image/png", "x-file-name": "annex-a.png" },
            },
          );
          expect(attached.status).toBe(200);
          continue;
        }
        const value = valueFor(field.type as TagType);
        if (value === null) continue;
        const saved = await w.sign("PUT", link, `/fields/${field.id}`, { value });
        expect({ type: field.type, status: saved.status }).toEqual({ type: field.type, status: 200 });
      }
      expect((await w.sign("POST", link, "/finish")).body.state).toBe("Completed");
    }
    const deadline = Date.now() + 120_000;
    for (;;) {
      const trail = (await w.call<Json[]>("GET", `/api/v1/packages/${pkg.id}/audit-trail`)).body;
      if (trail.some((e) => e.action === "DocumentsSealed")) break;
      if (Date.now() > deadline) throw new Error("the package was not sealed within 120 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    const link = await w.call<{ url: string }>(
      "GET",
      `/api/v1/packages/${pkg.id}/documents/${doc.id}/download-signed`,
    );
    const signed = await fetch(w.service.url + link.body.url);
    expect(signed.status).toBe(200);
    const sealed = new Uint8Array(await signed.arrayBuffer());

    const annotations = (
      await w.call<{ items: Json[] }>("GET", `/api/v1/packages/${pkg.id}/annotations?pageSize=100`)
    ).body.items;
    expect(annotations).toHaveLength(rows);
    const words = wordsOf(upload);
    for (const [i, format] of FORMATS.entries()) {
      const page = i + 1;
      const onPage = annotations.filter((a) => a.page === page);
      const tagBoxes = tags.filter((t) => t.page === page).map(boxOf);
      const fields = onPage.map(boxOf);
      const before = renderGrey(upload, page);
      const after = renderGrey(sealed, page);

      const changed = changedPixels(before, after);
      const outside = changed.filter((p) => ![...fields, ...tagBoxes].some((b) => inBox(p, b)));
      expect({ format, outside: outside.slice(0, 20), count: outside.length }).toEqual({
        format,
        outside: [],
        count: 0,
      });

      for (const a of onPage) {
        expect({ format, type: a.type, darkest: darkestIn(after, boxOf(a), 0) < 128 }).toEqual({
          format,
          type: a.type,
          darkest: true,
        });
      }

      const others = words[i]!.words.filter((word) => !tagBoxes.some((t) => within(word, t)));
      expect(others.map((o) => o.text)).toEqual(expect.arrayContaining(["Signature:", "(see", "annex)"]));
      for (const a of onPage) {
        const covered = others
          .filter((o) =>
            overlaps(boxOf(a), { x: o.xMin, y: o.yMin, width: o.xMax - o.xMin, height: o.yMax - o.yMin }),
          )
          .map((o) => o.text);
        expect({ format, type: a.type, covered }).toEqual({ format, type: a.type, covered: [] });
      }
    }
    // Text values at the document's size on their tag's baseline: each value's first word has the
    // box of the label on its line (same font, size and baseline give the same box in poppler).
    const sealedPages = wordsOf(sealed);
    for (const a of annotations.filter((x) => !["Signature", "Initials", "Checkbox"].includes(x.type))) {
      const label = words[a.page - 1]!.words.find(
        (word) => word.xMin < 100 && word.yMax > a.y && word.yMin < a.y + a.height,
      )!;
      const value = sealedPages[a.page - 1]!.words.find(
        (word) => inBox({ x: word.xMin, y: word.yMin }, boxOf(a), 0.5) && word.xMin >= a.x - 0.5,
      );
      const seen = { page: a.page, type: a.type, label: label.text };
      expect({ ...seen, yMin: value?.yMin.toFixed(1), yMax: value?.yMax.toFixed(1) }).toEqual({
        ...seen,
        yMin: label.yMin.toFixed(1),
        yMax: label.yMax.toFixed(1),
      });
    }
    // The tags are gone from the sealed text.
    const sealedWords = wordsOf(sealed).flatMap((p) => p.words.map((word) => word.text));
    for (const tag of tags) expect(sealedWords).not.toContain(tag.text.split(" ")[0]);
  }, 300_000);
});
