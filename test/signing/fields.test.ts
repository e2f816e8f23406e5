/**
 * The page's own checks of field values (the service's rules of docs/signing-page-api.md, checked
 * first so the signer learns at once) and the "next field" guide, with properties over random field
 * lists (fast-check).
 */
import fc from "fast-check";
import { tokenFromPath } from "../../src/signing/api";
import {
  checkAttachment,
  checkValue,
  initialsOf,
  inputFields,
  nextField,
  previousField,
  progressOf,
} from "../../src/signing/fields";
import type { FieldType, SigningField } from "../../src/signing/types";
import { field } from "./fake-signing-service";

describe("checkValue", () => {
  const of = (type: FieldType, options: string[] | null = null) => field({ id: "x", type, options });

  it("numbers are decimals, dates real days, choices one of the options, text at most 4000 characters", () => {
    for (const ok of ["0", "12", "-3.5", "+7", ".5", "1250.00"])
      expect(checkValue(of("Number"), ok)).toBeNull();
    for (const bad of ["12,5", "1e3", "abc", "1.2.3", "-", "NaN"])
      expect(checkValue(of("Number"), bad)).toMatch(/number/);
    expect(checkValue(of("Date"), "2024-02-29")).toBeNull();
    for (const bad of ["2023-02-29", "2024-13-01", "01/05/2026", "2024-1-1"])
      expect(checkValue(of("Date"), bad)).toMatch(/real date/);
    expect(checkValue(of("Checkbox"), "true")).toBeNull();
    expect(checkValue(of("Checkbox"), "yes")).not.toBeNull();
    expect(checkValue(of("Dropdown", ["A", "B"]), "B")).toBeNull();
    expect(checkValue(of("RadioGroup", ["A", "B"]), "C")).toMatch(/options/);
    expect(checkValue(of("Text"), "x".repeat(4000))).toBeNull();
    expect(checkValue(of("Company"), "x".repeat(4001))).toMatch(/4,000/);
    for (const type of ["Number", "Date", "Text", "Signature"] as const)
      expect(checkValue(of(type), null)).toBeNull();
  });

  it("signatures are PNG data URLs of at most 512 KB", () => {
    const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes).toString("base64")}`;
    expect(checkValue(of("Signature"), png(512 * 1024))).toBeNull();
    expect(checkValue(of("Initials"), png(512 * 1024 + 1))).toMatch(/too large/);
    expect(checkValue(of("Signature"), "data:image/jpeg;base64,AAAA")).toMatch(/PNG/);
  });

  it("attachments are PDF, PNG or JPEG files of at most 10 MB", () => {
    expect(checkAttachment({ name: "a.pdf", size: 10 * 1024 * 1024, type: "application/pdf" })).toBeNull();
    expect(checkAttachment({ name: "a.pdf", size: 10 * 1024 * 1024 + 1, type: "application/pdf" })).toMatch(
      /10 MB/,
    );
    expect(checkAttachment({ name: "a.docx", size: 10, type: "application/msword" })).toMatch(
      /PDF, PNG or JPEG/,
    );
    expect(checkAttachment({ name: "a.png", size: 0, type: "image/png" })).toMatch(/empty/);
  });
});

describe("the guide", () => {
  const arbFields = fc
    .array(
      fc.record({
        type: fc.constantFrom("Text", "Signature", "Checkbox", "Name", "DateSigned"),
        required: fc.boolean(),
        filled: fc.boolean(),
      }),
      { maxLength: 12 },
    )
    .map((list) =>
      list.map((f, i): SigningField =>
        field({
          id: `f${i}`,
          type: f.type,
          required: f.required,
          value: f.filled ? "v" : null,
          auto: f.type === "Name" ? "Name" : f.type === "DateSigned" ? "DateSigned" : null,
        }),
      ),
    );
  const valuesOf = (fields: SigningField[]) => Object.fromEntries(fields.map((f) => [f.id, f.value]));

  it("next field: an input field; the next empty one in order (optional ones too), else the next in order", () => {
    fc.assert(
      fc.property(arbFields, fc.nat(), (fields, pick) => {
        const inputs = inputFields(fields);
        const values = valuesOf(fields);
        const current = inputs.length > 0 ? inputs[pick % inputs.length]!.id : null;
        const next = nextField(fields, values, current);
        if (inputs.length === 0) return next === null;
        if (!next || next.auto) return false;
        const at = inputs.findIndex((f) => f.id === current);
        const after = [...inputs.slice(at + 1), ...inputs.slice(0, at + 1)];
        const empty = after.filter((f) => !values[f.id]);
        return next.id === (empty[0] ?? after[0]!).id;
      }),
    );
  });

  it("next field from the start is the first empty field in order, optional or not; previous wraps round", () => {
    const fields = [
      field({ id: "a", type: "Text", value: "done" }),
      field({ id: "b", type: "Text", required: false }),
      field({ id: "c", type: "Name", auto: "Name" }),
      field({ id: "d", type: "Signature" }),
    ];
    expect(nextField(fields, valuesOf(fields), null)?.id).toBe("b");
    expect(nextField(fields, valuesOf(fields), "b")?.id).toBe("d");
    expect(nextField(fields, { ...valuesOf(fields), d: "png" }, "d")?.id).toBe("b");
    expect(previousField(fields, "a")?.id).toBe("d");
    expect(previousField(fields, "d")?.id).toBe("b");
    expect(progressOf(fields, valuesOf(fields))).toEqual({
      requiredDone: 1,
      requiredTotal: 2,
      done: 1,
      total: 3,
    });
  });

  it("initials and tokens", () => {
    expect(initialsOf("Jane van Roe")).toBe("JVR");
    expect(initialsOf("  ")).toBe("");
    expect(tokenFromPath("/sign/AbCdEfGhIjKlMnOpQrSt_-12")).toBe("AbCdEfGhIjKlMnOpQrSt_-12");
    expect(tokenFromPath("/prefix/sign/AbCdEfGhIjKlMnOpQrSt_-12/")).toBe("AbCdEfGhIjKlMnOpQrSt_-12");
    expect(tokenFromPath("/sign/short")).toBeNull();
    expect(tokenFromPath("/sign/has%20space-in-it-long-enough")).toBeNull();
    expect(tokenFromPath("/sign/%E0%A4%A")).toBeNull();
  });
});
