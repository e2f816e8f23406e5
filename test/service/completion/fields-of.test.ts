// What completion hands flatten.ts for each annotation (issue 26 point 2): a field made from a text
// tag gets the size and baseline of the text around its tag, found by the field box detection made
// from the tag; manual fields, and documents scanned before detection knew those, get none (flatten
// then chooses them from the box).
import type { DetectedTag } from "../../../src/pdf/find-tags";
import { fieldsOf, finalDocumentInput } from "../../../src/service/domain/completion";
import type { AnnotationRecord } from "../../../src/service/storage";

function annotation(over: Partial<AnnotationRecord>): AnnotationRecord {
  return {
    id: "a",
    packageId: "p",
    seq: 1,
    documentId: "d",
    signerId: "s",
    type: "Name",
    page: 1,
    x: 160,
    y: 300,
    width: 150,
    height: 13.5,
    required: true,
    label: null,
    group: null,
    options: null,
    value: "Ada Lovelace",
    source: "TextTag",
    isCompleted: true,
    completedOn: null,
    createdOn: "2026-11-25T10:00:00.000Z",
    ...over,
  };
}

/** A detected tag as the scan will store it, with the placement fields detection is gaining. */
function tag(over: Record<string, unknown> = {}): DetectedTag {
  return {
    text: "{{name:1}}",
    format: "Platform",
    type: "Name",
    signerIndex: 1,
    required: true,
    label: null,
    group: null,
    options: null,
    page: 1,
    x: 160,
    y: 301,
    width: 48,
    height: 11.5,
    error: null,
    field: { x: 160, y: 300, width: 150, height: 13.5 },
    textSize: 10,
    baseline: 310,
    ...over,
  } as DetectedTag;
}

describe("fieldsOf", () => {
  it("gives a field made from a tag the size and baseline of the text around the tag", () => {
    const doc = {
      detectedTags: [tag({ page: 2 }), tag({ field: { x: 160.3, y: 299.6, width: 150.4, height: 13.1 } })],
    };
    const [field] = fieldsOf(doc, [annotation({})]);
    expect(field).toMatchObject({
      page: 1,
      x: 160,
      y: 300,
      type: "Name",
      value: "Ada Lovelace",
      textSize: 10,
      baseline: 310,
    });
  });

  it("matches only a tag whose field box is the annotation's, within half a point", () => {
    const doc = { detectedTags: [tag({ field: { x: 160, y: 300.6, width: 150, height: 13.5 } })] };
    const [field] = fieldsOf(doc, [annotation({})]);
    expect(field).not.toHaveProperty("textSize");
    expect(field).not.toHaveProperty("baseline");
  });

  it("gives none to manual fields, to tags scanned before detection knew the field box, and ignores junk", () => {
    const manual = fieldsOf({ detectedTags: [tag()] }, [annotation({ source: "Manual" })]);
    expect(manual[0]).not.toHaveProperty("textSize");
    const old = fieldsOf(
      { detectedTags: [tag({ field: undefined, textSize: undefined, baseline: undefined })] },
      [annotation({})],
    );
    expect(old[0]).not.toHaveProperty("textSize");
    const junk = fieldsOf({ detectedTags: [tag({ textSize: -3, baseline: "310" })] }, [annotation({})]);
    expect(junk[0]).not.toHaveProperty("textSize");
    expect(junk[0]).not.toHaveProperty("baseline");
    expect(fieldsOf({ detectedTags: null }, [annotation({})])[0]).not.toHaveProperty("textSize");
  });

  it("is what finalDocumentInput draws, with every tag's box to clear", () => {
    const input = finalDocumentInput({ detectedTags: [tag()] }, [annotation({})]);
    expect(input.hideTags).toEqual([{ page: 1, x: 160, y: 301, width: 48, height: 11.5 }]);
    expect(input.fields[0]).toMatchObject({ textSize: 10, baseline: 310 });
  });
});
