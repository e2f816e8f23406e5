// The document a signer is given (issue 26, points 3 and 4), on both databases, against the real
// service: a two-signer package whose PDF holds tags of all three formats, sent through the API, with
// every link read out of a real mail. Read back by poppler: no tag text in what either signer gets;
// once the first signer has finished, the second one's document has the first one's name and
// signature drawn in their fields and nothing in the second one's own.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { makePng } from "../pdf/images";
import { darkestIn, renderGrey, textOf, wordsOf } from "../pdf/poppler";
import { BACKENDS } from "./harness";
import { useSigningWorld } from "./signing.helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in tests.
type Json = Record<string, any> & { id: string };
type Field = Json & { type: string; x: number; y: number; width: number; height: number };
jest.setTimeout(120_000);

const SIGNATURE_PNG = `data:image/png;base64,${Buffer.from(makePng(120, 40)).toString("base64")}`;
/** Every piece of tag text the document holds; none may reach a signer. */
const TAG_TEXT = ["{{", "}}", "\\s1\\", "\\d2\\", "\\n1\\", "_es_", "sig:1", "name:2", "signer2"];

/** A letter page: a title, then each signer's lines (labels left of the tags, far apart). */
async function taggedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines: [number, string][] = [
    [720, "Service Agreement between Contoso and Fabrikam"],
    [640, "Signature of the first party: {{sig:1:req}}"],
    [580, "Name of the first party: \\n1\\"],
    [500, "Signature of the second party: {{Sig_es_:signer2:signature}}"],
    [440, "Name of the second party: {{name:2}}"],
    [380, "Date signed by the second party: \\d2\\"],
  ];
  for (const [y, text] of lines) page.drawText(text, { x: 72, y, size: 11, font });
  return doc.save();
}

describe.each(BACKENDS)("the signer's document on %s", (backend) => {
  const w = useSigningWorld(backend, "signer-document", { SMTP_FROM: "Signing <sign@contoso.com>" });
  const { call, sign, linkFor } = w;

  const documentOf = async (link: string, documentId: string, headers: Record<string, string> = {}) => {
    const response = await w.service.call("GET", `/api/v1/signing/${link}/documents/${documentId}`, {
      headers,
    });
    return {
      status: response.status,
      etag: response.headers.get("etag"),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  };

  /** The tagged PDF sent to two signer slots (the tags' signer 1 and 2), fields from the tags. */
  async function sentTaggedPackage(signers: Record<string, unknown>[]) {
    const pkg = (await call("POST", "/api/v1/packages", { name: "Service agreement" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await taggedPdf())], { type: "application/pdf" }), "sa.pdf");
    const uploaded = await fetch(`${w.service.url}/api/v1/packages/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const document = (await uploaded.json()) as Json;
    expect(document.detectedTagCount).toBe(5);
    const added = await call<Json[]>("POST", `/api/v1/packages/${pkg.id}/signers/bulk`, { signers });
    expect(added.status).toBe(201);
    const applied = await call<{ created: Json[] }>(
      "POST",
      `/api/v1/packages/${pkg.id}/apply-detected-tags`,
      {},
    );
    expect(applied.body.created).toHaveLength(5);
    expect((await call("POST", `/api/v1/packages/${pkg.id}/send`)).status).toBe(200);
    return { pkg, document };
  }

  const inside = (w: { xMin: number; yMin: number; xMax: number; yMax: number }, f: Field) =>
    w.xMin >= f.x - 2 && w.xMax <= f.x + f.width + 2 && w.yMin >= f.y - 2 && w.yMax <= f.y + f.height + 2;

  test("no tag text for anyone; the second signer sees the first one's values in their fields, their own empty", async () => {
    const ada = `ada.${backend}@contoso.com`;
    const bob = `bob.${backend}@fabrikam.com`;
    const { document } = await sentTaggedPackage([
      { email: ada, name: "Ada Lovelace", routingOrder: 1 },
      { email: bob, name: "Bob Byron", routingOrder: 1 },
    ]);
    const adaLink = await linkFor(ada);
    const bobLink = await linkFor(bob);
    const adaSession = (await sign("GET", adaLink)).body;
    const bobSession = (await sign("GET", bobLink)).body;

    // Before anyone signs: both get the document without its tags, and the same bytes.
    const adaBefore = await documentOf(adaLink, document.id);
    const bobBefore = await documentOf(bobLink, document.id);
    expect([adaBefore.status, bobBefore.status]).toEqual([200, 200]);
    expect(bobBefore.etag).toBe(adaBefore.etag);
    expect(Buffer.from(bobBefore.bytes).equals(Buffer.from(adaBefore.bytes))).toBe(true);
    const textBefore = textOf(adaBefore.bytes);
    expect(textBefore).toContain("Signature of the first party:");
    expect(textBefore).toContain("Date signed by the second party:");
    for (const tag of TAG_TEXT)
      expect({ tag, found: textBefore.includes(tag) }).toEqual({ tag, found: false });

    // Ada signs (a drawn signature; her name is filled in at finish) and finishes.
    const adaSignature = (adaSession.fields as Field[]).find((f) => f.type === "Signature")!;
    const adaName = (adaSession.fields as Field[]).find((f) => f.type === "Name")!;
    expect((await sign("PUT", adaLink, `/fields/${adaSignature.id}`, { value: SIGNATURE_PNG })).status).toBe(
      200,
    );
    expect((await sign("POST", adaLink, "/finish")).body.state).toBe("Completed");

    // Bob's document now: another version (another ETag), Ada's values drawn in her fields.
    const bobAfter = await documentOf(bobLink, document.id);
    expect(bobAfter.status).toBe(200);
    expect(bobAfter.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(bobAfter.etag).not.toBe(bobBefore.etag);
    const textAfter = textOf(bobAfter.bytes);
    for (const tag of TAG_TEXT)
      expect({ tag, found: textAfter.includes(tag) }).toEqual({ tag, found: false });
    const [page] = wordsOf(bobAfter.bytes);
    const nameWords = page!.words.filter((w) => inside(w, adaName)).map((w) => w.text);
    expect(nameWords.join(" ")).toContain("Ada Lovelace");
    const grey = renderGrey(bobAfter.bytes, 1);
    expect(darkestIn(grey, adaSignature)).toBeLessThan(100);
    // Bob's own fields (signature, name, date) are empty: his page shows them, editable, on top.
    const bobFields = bobSession.fields as Field[];
    expect(bobFields.map((f) => f.type).sort()).toEqual(["DateSigned", "Name", "Signature"]);
    for (const f of bobFields)
      expect({ field: f.type, darkest: darkestIn(grey, f) }).toEqual({ field: f.type, darkest: 255 });
    expect(page!.words.filter((w) => bobFields.some((f) => inside(w, f)))).toEqual([]);

    // A range of the earlier version (If-Range with its ETag) answers the whole current document;
    // of the current one, the range.
    const stale = await documentOf(bobLink, document.id, {
      range: "bytes=0-99",
      "if-range": bobBefore.etag!,
    });
    expect([stale.status, stale.bytes.length]).toEqual([200, bobAfter.bytes.length]);
    const fresh = await documentOf(bobLink, document.id, { range: "bytes=0-99", "if-range": bobAfter.etag! });
    expect([fresh.status, fresh.bytes.length]).toEqual([206, 100]);
    expect(Buffer.from(fresh.bytes).equals(Buffer.from(bobAfter.bytes.subarray(0, 100)))).toBe(true);

    // Ada's own copy draws none of her own values (her page shows them in her fields), still no tags.
    const adaAfter = await documentOf(adaLink, document.id);
    expect(adaAfter.etag).toBe(adaBefore.etag);
    expect(textOf(adaAfter.bytes)).not.toContain("Ada Lovelace");
  });

  test("a group slot completed by one member: the next signer sees that member's values, not another member's drafts", async () => {
    const lee = `lee.${backend}@contoso.com`;
    const max = `max.${backend}@contoso.com`;
    const bob = `bob.group.${backend}@fabrikam.com`;
    const group = (
      await call("POST", "/api/v1/signing-groups", {
        name: `Legal ${backend}`,
        members: [
          { email: lee, name: "Lee One" },
          { email: max, name: "Max Two" },
        ],
      })
    ).body;
    const { document } = await sentTaggedPackage([
      { signingGroupId: group.id, routingOrder: 1 },
      { email: bob, name: "Bob Byron", routingOrder: 2 },
    ]);
    const leeLink = await linkFor(lee);
    const maxLink = await linkFor(max);
    const slotFields = (await sign("GET", leeLink)).body.fields as Field[];
    const signature = slotFields.find((f) => f.type === "Signature")!;
    const name = slotFields.find((f) => f.type === "Name")!;
    // Lee's draft is Lee's alone; Max signs and finishes the slot.
    await sign("PUT", leeLink, `/fields/${signature.id}`, { value: SIGNATURE_PNG });
    await sign("PUT", maxLink, `/fields/${signature.id}`, { value: SIGNATURE_PNG });
    expect((await sign("POST", maxLink, "/finish")).body.state).toBe("Completed");

    const bobLink = await linkFor(bob);
    const bobDocument = await documentOf(bobLink, document.id);
    expect(bobDocument.status).toBe(200);
    const [page] = wordsOf(bobDocument.bytes);
    expect(
      page!.words
        .filter((w) => inside(w, name))
        .map((w) => w.text)
        .join(" "),
    ).toBe("Max Two");
    expect(textOf(bobDocument.bytes)).not.toContain("Lee One");
    expect(darkestIn(renderGrey(bobDocument.bytes, 1), signature)).toBeLessThan(100);
    // Max, who completed the slot, is shown the document without the slot's values drawn in (the page
    // shows them in the fields); Lee's link no longer shows the documents.
    const maxDocument = await documentOf(maxLink, document.id);
    expect(maxDocument.status).toBe(200);
    expect(textOf(maxDocument.bytes)).not.toContain("Max Two");
    expect((await documentOf(leeLink, document.id)).status).toBe(400);
  });
});
