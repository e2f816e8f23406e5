/** Step 4's check (src/taskpane/send/check.ts): pure, so tested directly. */
import {
  acceptedChanges,
  blockingProblems,
  checkDraft,
  type CheckInput,
} from "../../src/taskpane/send/check";
import type { SendDocument } from "../../src/taskpane/send/documents";
import type { DocumentLayout, FoundTag } from "../../src/taskpane/send/fields";
import type { PersonRow, SignerType } from "../../src/taskpane/send/signers";

const doc = (key: string, name: string): SendDocument => ({
  key,
  name,
  source: "attachment",
  attachmentId: key,
  contentType: "application/pdf",
  size: 1000,
  sendable: true,
  included: true,
  reason: null,
});

const person = (n: number, type: SignerType = "Signer"): PersonRow => ({
  kind: "person",
  key: `p:${n}`,
  type,
  included: true,
  email: `person${n}@contoso.com`,
  name: `Person ${n}`,
  roles: [],
});

const tag = (over: Partial<FoundTag>): FoundTag => ({
  text: "{{sig:1}}",
  format: "Platform",
  type: "Signature",
  signerIndex: 1,
  page: 1,
  x: 72,
  y: 100,
  width: 100,
  height: 20,
  field: { x: 72, y: 80, width: 150, height: 40 },
  error: null,
  ...over,
});

const layout = (tags: FoundTag[]): DocumentLayout => ({
  pages: [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ],
  tags,
});

function input(over: Partial<CheckInput>): CheckInput {
  return {
    documents: [doc("a:1", "contract.pdf")],
    rows: [person(1), person(2)],
    fields: [],
    layouts: new Map([["a:1", layout([tag({}), tag({ signerIndex: 2, text: "{{sig:2}}" })])]]),
    signatureBlock: false,
    groupMembers: new Map(),
    ...over,
  };
}

describe("check before sending", () => {
  test("a tag for a signer who does not exist is a warning naming the tag, its page and the signers there are", () => {
    const result = checkDraft(
      input({
        layouts: new Map([
          [
            "a:1",
            layout([
              tag({}),
              tag({ signerIndex: 2, text: "{{sig:2}}" }),
              tag({ text: "{{sig:9}}", signerIndex: 9, page: 2 }),
            ]),
          ],
        ]),
      }),
    );
    expect(result.problems).toEqual([
      {
        id: "tag_without_signer:a:1:2",
        severity: "warning",
        code: "tag_without_signer",
        message: "The tag “{{sig:9}}” on page 2 of “contract.pdf” is for signer 9, but there are 2 signers.",
        ifAccepted: "It stays in the document as text and becomes no field.",
        docKey: "a:1",
        page: 2,
      },
    ]);
    // Accepted, nothing keeps Send disabled, and nothing else changes in what is sent.
    const accepted = new Set(["tag_without_signer:a:1:2"]);
    expect(blockingProblems(result, new Set())).toHaveLength(1);
    expect(blockingProblems(result, accepted)).toEqual([]);
    expect(acceptedChanges(result, accepted)).toEqual({ leftOut: new Set(), blockFor: new Set() });
    expect(result.signers.map((s) => s.tagCount)).toEqual([1, 1]);
  });

  test("a tag that does not parse is a warning with its text, its page and why", () => {
    const error = 'Unknown tag code "zzz" at character 2';
    const result = checkDraft(
      input({
        layouts: new Map([
          [
            "a:1",
            layout([
              tag({}),
              tag({ signerIndex: 2, text: "{{sig:2}}" }),
              tag({ text: "{{zzz:1}}", type: null, signerIndex: null, page: 2, error }),
            ]),
          ],
        ]),
      }),
    );
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({
      severity: "warning",
      code: "tag_unreadable",
      message: `The tag “{{zzz:1}}” on page 2 of “contract.pdf” cannot be read: ${error}`,
      page: 2,
    });
    // The unreadable tag counts for nobody.
    expect(result.signers.map((s) => s.tagCount)).toEqual([1, 1]);
  });

  test("a document that cannot be opened is an error: accepting nothing makes it go", () => {
    const result = checkDraft(
      input({
        documents: [doc("a:1", "contract.pdf"), doc("a:2", "broken.pdf")],
        layouts: new Map<string, DocumentLayout | { error: string }>([
          ["a:1", layout([tag({}), tag({ signerIndex: 2, text: "{{sig:2}}" })])],
          ["a:2", { error: "The file is not a PDF." }],
        ]),
      }),
    );
    expect(result.problems).toEqual([
      {
        id: "unreadable:a:2",
        severity: "error",
        code: "unreadable_document",
        message: "“broken.pdf” cannot be sent: The file is not a PDF. Uncheck it in step 1.",
        ifAccepted: null,
        docKey: "a:2",
      },
    ]);
    expect(blockingProblems(result, new Set(["unreadable:a:2"]))).toHaveLength(1);
  });

  test("the signature block page: three fields for a signer or an approver, none for who gets a copy", () => {
    const rows = [person(1), person(2, "Approver"), person(3, "CarbonCopy")];
    const result = checkDraft(input({ rows, signatureBlock: true, layouts: new Map([["a:1", layout([])]]) }));
    expect(result.signers.map((s) => [s.row.type, s.blockCount])).toEqual([
      ["Signer", 3],
      ["Approver", 3],
      ["CarbonCopy", 0],
    ]);
    expect(result.problems).toEqual([]);
  });
});
