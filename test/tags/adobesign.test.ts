import { TagParseError, formatTag, parseTag } from "../../src/tags";
import type { TagSpec } from "../../src/tags";

function errorOf(tag: string): TagParseError {
  try {
    parseTag(tag, "AdobeSign");
  } catch (error) {
    if (error instanceof TagParseError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(tag)} not to parse`);
}

const spec = (over: Partial<TagSpec>): TagSpec => ({
  type: "Text",
  signerIndex: 1,
  required: true,
  label: null,
  group: null,
  options: null,
  ...over,
});

describe("Adobe Sign tags: real-world forms", () => {
  it.each([
    // [tag, type, signer, required, label, group, options]
    ["{{Sig_es_:signer1:signature}}", "Signature", 1, true, null, null, null],
    ["{{Int_es_:signer1:initials}}", "Initials", 1, true, "Int", null, null],
    ["{{OSig_es_:signer1:optsignature}}", "Signature", 1, false, "OSig", null, null],
    ["{{OInt_es_:signer2:optinitials}}", "Initials", 2, false, "OInt", null, null],
    ["{{Cmpy_es_:signer2:company}}", "Company", 2, false, "Cmpy", null, null],
    ["{{address_es_:signer1}}", "Text", 1, false, "address", null, null],
    ["{{*city_es_:signer1}}", "Text", 1, true, "city", null, null],
    ["{{Date_es_:signer1:date}}", "DateSigned", 1, false, null, null, null],
    ["{{*Title_es_:signer3:title}}", "Title", 3, true, null, null, null],
    ["{{Email_es_:signer2:email}}", "Email", 2, false, null, null, null],
    ["{{Name_es_:signer1:fullname}}", "Name", 1, false, null, null, null],
    ["{{ full_name_es_:signer1:text }}", "Text", 1, false, "full_name", null, null],
    ["{{ agree_terms_es_:signer1:checkbox }}", "Checkbox", 1, false, null, "agree_terms", null],
    [
      "{{ option_a_es_:signer1:radio:options(Yes,No) }}",
      "RadioGroup",
      1,
      false,
      null,
      "option_a",
      ["Yes", "No"],
    ],
    [
      "{{ department_es_:signer1:dropdown:options(Sales,Marketing,Finance) }}",
      "Dropdown",
      1,
      false,
      "department",
      null,
      ["Sales", "Marketing", "Finance"],
    ],
    ["{{Receipt_es_:signer2:attachment}}", "Attachment", 2, false, "Receipt", null, null],
    ["{{*DOB_es_:signer2:text:date}}", "Date", 2, true, "DOB", null, null],
    ["{{Age_es_:signer1:number}}", "Number", 1, false, "Age", null, null],
    ["{{Qty_es_:signer1:text:number}}", "Number", 1, false, "Qty", null, null],
    ["{{Notes_es_:signer1:text:font(Arial,10):w(200)}}", "Text", 1, false, "Notes", null, null],
    ["{{Who_es_:signer:text}}", "Text", 1, false, "Who", null, null],
    ["{{Sig2_es_:Signer2:Signature}}", "Signature", 2, true, "Sig2", null, null],
  ])("%s", (tag, type, signerIndex, required, label, group, options) => {
    expect(parseTag(tag)).toEqual({
      format: "AdobeSign",
      type,
      signerIndex,
      required,
      label,
      group,
      options,
    });
  });

  it("splits the name at the last _es_, so names may contain _es_", () => {
    expect(parseTag("{{my_es_field_es_:signer1:text}}").label).toBe("my_es_field");
    expect(parseTag("{{x_es_es_:signer1:text}}").label).toBe("x_es");
  });

  it("accepts ! (read-only in Adobe Sign) without changing the required flag", () => {
    expect(parseTag("{{!price_es_:signer1}}").required).toBe(false);
    expect(parseTag("{{*!price_es_:signer1}}").required).toBe(true);
    expect(parseTag("{{!*price_es_:signer1}}").required).toBe(true);
  });

  it("keeps colons inside directive arguments", () => {
    expect(parseTag("{{When_es_:signer1:text:date:format(hh:mm)}}")).toMatchObject({
      type: "Date",
      label: "When",
    });
  });

  it("reads escaped option text", () => {
    expect(parseTag("{{c_es_:signer1:dropdown:options(a\\,b, c\\)d ,e)}}").options).toEqual([
      "a,b",
      "c)d",
      "e",
    ]);
  });
});

describe("Adobe Sign tags: building", () => {
  it("marks required fields with * except signature and initials, which use opt- types", () => {
    expect(formatTag(spec({ type: "Signature" }), "AdobeSign").tag).toBe("{{Sig_es_:signer1:signature}}");
    expect(formatTag(spec({ type: "Signature", required: false }), "AdobeSign").tag).toBe(
      "{{Sig_es_:signer1:optsignature}}",
    );
    expect(formatTag(spec({ type: "Initials", required: false, signerIndex: 2 }), "AdobeSign").tag).toBe(
      "{{Init_es_:signer2:optinitials}}",
    );
    expect(formatTag(spec({ type: "Text" }), "AdobeSign").tag).toBe("{{*Text_es_:signer1:text}}");
    expect(formatTag(spec({ type: "Text", required: false }), "AdobeSign").tag).toBe(
      "{{Text_es_:signer1:text}}",
    );
  });

  it("writes Date and Number as text with a directive", () => {
    expect(formatTag(spec({ type: "Date", label: "DOB" }), "AdobeSign").tag).toBe(
      "{{*DOB_es_:signer1:text:date}}",
    );
    expect(formatTag(spec({ type: "Number" }), "AdobeSign").tag).toBe("{{*Number_es_:signer1:text:number}}");
  });

  it("names the field after the group, else the label, else a default", () => {
    expect(
      formatTag(spec({ type: "RadioGroup", group: "Pay", label: "How", options: ["Card"] }), "AdobeSign").tag,
    ).toBe("{{*Pay_es_:signer1:radio:options(Card)}}");
    expect(formatTag(spec({ label: "First name" }), "AdobeSign").tag).toBe(
      "{{*First_name_es_:signer1:text}}",
    );
    expect(formatTag(spec({ type: "Checkbox" }), "AdobeSign").tag).toBe("{{*Check_es_:signer1:checkbox}}");
  });

  it("keeps letters of any script in field names", () => {
    expect(formatTag(spec({ label: "Straße Nr." }), "AdobeSign").tag).toBe(
      "{{*Straße_Nr__es_:signer1:text}}",
    );
  });

  it("escapes option text that would break the directive", () => {
    const built = formatTag(spec({ type: "Dropdown", options: ["a,b", "(c)", "d}"] }), "AdobeSign").tag;
    expect(built).toBe("{{*Dropdown_es_:signer1:dropdown:options(a\\,b,\\(c\\),d\\})}}");
    expect(parseTag(built).options).toEqual(["a,b", "(c)", "d}"]);
  });
});

describe("Adobe Sign tags: errors", () => {
  it.each([
    ["{{Sig_es_signer1}}", 9, 'Expected ":" and the signer role (e.g. signer1) after "_es_" at character 9'],
    ["{{Sig x:signer1}}", 7, 'Expected the field name to end with "_es_" before the ":" at character 7'],
    ["{{Sig_es_x:signer1}}", 9, 'Expected ":" right after "_es_" at character 9; found "x"'],
    [
      "{{Sig_es_:approver1}}",
      10,
      'The role "approver1" at character 10 is not supported; use signer1 to signer99',
    ],
    ["{{Sig_es_:}}", 10, "Empty part at character 10; expected the signer role"],
    ["{{Sig_es_:signer1:signatur}}", 18, 'Unknown Adobe Sign field type "signatur" at character 18'],
    ["{{Img_es_:signer1:image}}", 18, 'The Adobe Sign field type "image" at character 18 is not supported'],
    [
      "{{X_es_:signer1:text:signature}}",
      21,
      'The field type "signature" at character 21 must come right after the signer role',
    ],
    [
      "{{X_es_:signer1:checkbox:date}}",
      25,
      'The "date" directive at character 25 applies only to text fields, not to checkbox',
    ],
    [
      "{{X_es_:signer1:text:date:number}}",
      26,
      'The "number" directive at character 26 conflicts with the earlier "date"',
    ],
    ["{{X_es_:signer1:dropdown:options}}", 25, '"options" at character 25 needs a list'],
    ["{{X_es_:signer1:dropdown:options(a:b}}", 32, 'Missing ")" for the "(" at character 32'],
    ["{{X_es_:signer1:dropdown(a,b)}}", 16, 'The field type "dropdown" at character 16 takes no "(...)"'],
    ["{{X_es_:signer1:text", 20, 'The tag is not closed: expected "}}" at character 20'],
    ["{{X_es_:signer0}}", 14, "At character 14: signer must be a whole number from 1 to 99, not 0"],
    ["{{X_es_:signer1:text:options(a)}}", 21, "options are only for Dropdown and RadioGroup fields"],
    ["{{X_es_:signer1:radio:options(a,a)}}", 32, 'option 2 "a" repeats option 1'],
    [`{{${"n".repeat(101)}_es_:signer1}}`, 2, "label is 101 characters long"],
  ])("%s fails at %i", (tag, position, message) => {
    const error = errorOf(tag);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });
});
