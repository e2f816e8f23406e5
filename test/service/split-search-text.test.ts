// The split text's domain codes (storage/signing-groups/search-text.ts): a search can never match inside one, and
// each number has its own, so that `local@` + code + US finds exactly the addresses of that domain.
import fc from "fast-check";
import { caseKey } from "../../src/shared/signing-group-rules";
import {
  domainCode,
  endingsText,
  splitSearchText,
  TRIGRAM_LETTERS,
  TRIGRAM_PUNCTUATION,
  trigramWords,
} from "../../src/service/storage/signing-groups";

/** Characters a search may not hold (service/domain/signing-groups/list-query.ts refuses them with a 400). */
// eslint-disable-next-line no-control-regex
const REFUSED_IN_SEARCH = /^[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+$/;

test("a domain code is made of characters no search holds, and no two numbers share one", () => {
  fc.assert(
    fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 40 }), (a, b) => {
      expect(domainCode(a)).toMatch(REFUSED_IN_SEARCH);
      // Neither the part separator (RS) nor the member separator (US) appears inside a code.
      expect(domainCode(a)).not.toMatch(/[\u001e\u001f]/); // eslint-disable-line no-control-regex
      expect(domainCode(a) === domainCode(b)).toBe(a === b);
    }),
  );
});

test("the split text keeps name and description, and each local part with its domain's code", () => {
  const codes = new Map([
    ["x.example", 1],
    ["y.example", 300],
  ]);
  const text = "team\u001elegal\u001e\u001fana@x.example\u001fbo@y.example\u001f";
  expect(splitSearchText(text, codes)).toBe(
    `team\u001elegal\u001e\u001fana@${domainCode(1)}\u001fbo@${domainCode(300)}\u001f`,
  );
  expect(splitSearchText("solo\u001e\u001e\u001f", codes)).toBe("solo\u001e\u001e\u001f");
});

test("the endings hold each local part's last one and two characters with its domain's code", () => {
  const codes = new Map([
    ["x.example", 1],
    ["y.example", 2],
  ]);
  const [x, y] = [domainCode(1), domainCode(2)];
  const text = "team\u001e\u001e\u001fana10@x.example\u001fb@y.example\u001fzo😀@x.example\u001f";
  expect(endingsText(text, codes)).toBe(
    ` ${["0" + x, "10" + x, "b" + y, "😀" + x, "o😀" + x].sort().join(" ")} `,
  );
  expect(endingsText("solo\u001e\u001e\u001f", codes)).toBe("");
});

describe("PostgreSQL's split text with punctuation as letters (trigramWords)", () => {
  // Case-folded text as the service stores and searches it, rich in the punctuation that is mapped.
  const folded = fc
    .array(fc.oneof(fc.constantFrom(..." .-_+'@(){}$%|ABCDSabcds1ßİ"), fc.string({ maxLength: 2 })))
    .map((parts) => caseKey(parts.join("")));

  test("each mapped character has a capital letter of its own, which no case-folded text holds", () => {
    expect(new Set(TRIGRAM_PUNCTUATION).size).toBe(TRIGRAM_PUNCTUATION.length);
    expect([...TRIGRAM_LETTERS].sort().join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    expect(trigramWords("liam.smith@x")).toBe("liamDsmithBx");
    fc.assert(fc.property(folded, (text) => expect(text).not.toMatch(/[A-Z]/)));
  });

  test("a search is in a text exactly when its mapped form is in the mapped text", () => {
    fc.assert(
      fc.property(folded, folded, fc.nat(), fc.nat(), (text, other, from, length) => {
        // Half the time a piece of the text itself, so that many searches are found.
        const search =
          from % 2 === 0
            ? text.slice(from % (text.length + 1), (from % (text.length + 1)) + (length % 6))
            : other;
        expect(trigramWords(text).includes(trigramWords(search))).toBe(text.includes(search));
        expect([...trigramWords(text)].length).toBe([...text].length);
      }),
    );
  });
});
