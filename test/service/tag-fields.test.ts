// Fields made from text tags fit the place of the tag (issue 26): apply-detected-tags places each
// field on its tag's line, over no other text of the page, at least as wide as the tag. The page's
// text is read independently of the service, by poppler's pdftotext -bbox.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { BACKENDS, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Tag extends Box {
  text: string;
  type: string;
  page: number;
  field: Box;
  textSize: number;
  baseline: number;
}
const P = "/api/v1/packages";

/** Lines of a signature block: text at x on baselines 16 pt apart, from the top-left. */
type Line = [x: number, text: string];

/**
 * A page of an agreement ending in three parties' signature blocks, one per tag format, as people
 * lay them out: the label left of the tag, lines 16 pt apart, room above each signature line.
 */
async function agreement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const draw = (x: number, baseline: number, text: string, font = regular, size = 10) =>
    page.drawText(text, { x, y: 792 - baseline, size, font });
  draw(72, 80, "Services Agreement", bold, 16);
  draw(72, 110, "The parties sign this agreement by their authorised representatives.");
  const blocks: { heading: string; top: number; lines: Line[] }[] = [
    {
      heading: "Fabrikam, Inc.",
      top: 150,
      lines: [
        [72, "Signature: {{sig:1:req}}"],
        [72, "Name: {{name:1}}"],
        [72, "Title: {{title:1}}"],
      ],
    },
    {
      heading: "Contoso Ltd.",
      top: 270,
      lines: [
        [72, "Signature: \\s2\\"],
        [72, "Name: \\n2\\"],
        [72, "Initials: \\i2\\"],
        [72, "Date: \\d2\\"],
      ],
    },
    {
      heading: "Northwind Traders",
      top: 410,
      lines: [
        [72, "Signature: {{Sig_es_:signer3:signature}}"],
        [72, "Name: {{N_es_:signer3:fullname}}"],
        [72, "Company: {{Co_es_:signer3:company}}"],
        [72, "Date: {{Date_es_:signer3:date}}"],
      ],
    },
  ];
  for (const block of blocks) {
    draw(72, block.top, block.heading, bold);
    // The signature line 44 pt under the heading (room for a signature), the rest 16 pt apart.
    block.lines.forEach(([x, text], i) => draw(x, block.top + 44 + 16 * i, text));
  }
  // A date close beside the first signature on its line, and a witness in the right column.
  draw(240, 194, "Date: {{datesigned:1}}");
  draw(420, 150, "Witness", bold);
  draw(420, 194 + 16, "Witness name (print)");
  return doc.save();
}

/** Word boxes from poppler's pdftotext -bbox, top-left points. */
function pdftotextWords(bytes: Uint8Array): { text: string; box: Box }[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tag-fields-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
    return [
      ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/g),
    ].map((m) => {
      const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      return { text: m[5]!, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = (a: Record<string, unknown>): Box => ({
  x: Number(a.x),
  y: Number(a.y),
  width: Number(a.width),
  height: Number(a.height),
});

describe.each(BACKENDS)("fields from tags on %s", (backend) => {
  let service: TestService;
  let token: string;
  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("tag-fields");
  }, 120_000);
  afterAll(() => service.close());

  async function call<T = Json>(method: string, route: string, body?: unknown) {
    const response = await service.call(method, route, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A draft with the document uploaded and three signers; answers its ids and the detected tags. */
  async function draftWith(bytes: Uint8Array) {
    const pkg = (await call("POST", P, { name: "Services" })).body;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "services.pdf");
    const upload = await fetch(`${service.url}${P}/${pkg.id}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const doc = (await upload.json()) as Json;
    await call("POST", `${P}/${pkg.id}/signers/bulk`, {
      signers: ["ada", "bob", "cy"].map((n, i) => ({ email: `${n}@contoso.com`, routingOrder: i + 1 })),
    });
    const tags = (await call<Tag[]>("GET", `${P}/${pkg.id}/documents/${doc.id}/detected-tags`)).body;
    return { pkg, doc, tags };
  }

  test("apply-detected-tags: each field on its tag's line, over no other text, at least the tag's width", async () => {
    const bytes = await agreement();
    const { pkg, tags } = await draftWith(bytes);
    expect(tags).toHaveLength(12);
    const applied = await call<{ created: Json[]; skipped: unknown[] }>(
      "POST",
      `${P}/${pkg.id}/apply-detected-tags`,
      {},
    );
    expect(applied.status).toBe(200);
    expect(applied.body.skipped).toEqual([]);
    expect(applied.body.created).toHaveLength(12);

    const words = pdftotextWords(bytes);
    const tagWords = new Set(tags.map((t) => t.text));
    const others = words.filter((w) => !tagWords.has(w.text));
    for (const tag of tags) {
      // The annotation made of it sits exactly in its field (completion finds the tag by it).
      const made = applied.body.created.find((a) => overlaps(boxOf(a), tag) && a.type === tag.type);
      expect(made).toBeDefined();
      const field = boxOf(made!);
      expect(field).toEqual(tag.field);
      const word = words.find((w) => w.text === tag.text)!;
      expect(word).toBeDefined();
      const seen = { tag: tag.text, field };
      // On the tag's line: its bottom at most 3 pt below the tag's, and not above the tag's baseline.
      expect(field.y + field.height).toBeLessThanOrEqual(word.box.y + word.box.height + 3);
      expect(field.y + field.height).toBeGreaterThanOrEqual(tag.baseline);
      expect(field.x).toBeLessThanOrEqual(word.box.x + 1);
      expect(field.width).toBeGreaterThanOrEqual(word.box.width - 1);
      for (const other of others) {
        expect({ ...seen, word: other.text, overlaps: overlaps(field, other.box) }).toEqual({
          ...seen,
          word: other.text,
          overlaps: false,
        });
      }
      expect(tag.textSize).toBe(10); // the labels' size
    }
    const [sig1, date1] = [
      tags.find((t) => t.text === "{{sig:1:req}}")!,
      tags.find((t) => t.text === "{{datesigned:1}}")!,
    ];
    // The signatures grow up into the room above their line, up to the usual 40 pt.
    for (const text of ["{{sig:1:req}}", "\\s2\\", "{{Sig_es_:signer3:signature}}"]) {
      expect(tags.find((t) => t.text === text)!.field.height).toBe(40);
    }
    // Fabrikam's signature stops short of the "Date:" beside it, narrower than the usual 150.
    const dateLabel = words.find((w) => w.text === "Date:" && Math.abs(w.box.y - sig1.y) < 3)!;
    expect(sig1.field.x + sig1.field.width).toBeLessThanOrEqual(dateLabel.box.x);
    expect(sig1.field.width).toBeLessThan(150);
    expect(date1.field.width).toBeGreaterThanOrEqual(date1.width);
  });

  test("tags stored before fields fitted their place are answered and applied with a field on their line", async () => {
    const { pkg, doc, tags } = await draftWith(await agreement());
    // As stored before: no field, text size or baseline.
    const legacy = tags.map(({ field: _f, textSize: _t, baseline: _b, ...rest }) => rest);
    await service.storage.documents.setDetectedTags(doc.id, legacy as never);
    const answered = (await call<Tag[]>("GET", `${P}/${pkg.id}/documents/${doc.id}/detected-tags`)).body;
    const sig = answered.find((t) => t.text === "{{sig:1:req}}")!;
    expect(sig.field).toEqual({ x: sig.x, y: sig.y, width: 150, height: sig.height });
    expect(sig.textSize).toBeGreaterThan(0);
    expect(sig.baseline).toBeGreaterThan(sig.y);
    expect(sig.baseline).toBeLessThan(sig.y + sig.height);
    const applied = await call<{ created: Json[] }>("POST", `${P}/${pkg.id}/apply-detected-tags`, {});
    expect(applied.status).toBe(200);
    expect(applied.body.created).toHaveLength(12);
    for (const a of applied.body.created) {
      const tag = answered.find((t) => overlaps(boxOf(a), t) && t.type === a.type)!;
      expect(boxOf(a)).toEqual(tag.field);
      expect(Number(a.y) + Number(a.height)).toBeCloseTo(tag.y + tag.height, 1);
    }
  });
});
