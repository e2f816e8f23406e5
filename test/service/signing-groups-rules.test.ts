// The signing-group rules as plain functions (domain/signing-groups/), checked with generated inputs;
// the HTTP tests beside this file show the same rules through the running service.
import fc from "fast-check";
import {
  caseKey,
  characters,
  checkCreate,
  checkUpdate,
  emailProblem,
  LIMITS,
  nextUpdatedOn,
  parseGroupId,
  parseListQuery,
  parseUpdatedSince,
} from "../../src/service/domain/signing-groups";
import { ApiError } from "../../src/service/errors";
import { likeContaining } from "../../src/service/storage/signing-groups";

/** The field errors a check throws, or [] when it accepts. */
function fieldsOf(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
    return [];
  } catch (error) {
    if (error instanceof ApiError) return error.errors ?? [];
    throw error;
  }
}

const atext = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~".split(""),
  "é",
  "ü",
  "ß",
);
const localPart = fc
  .array(
    fc.array(atext, { minLength: 1, maxLength: 10 }).map((c) => c.join("")),
    { minLength: 1, maxLength: 3 },
  )
  .map((atoms) => atoms.join("."));
const label = fc
  .tuple(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789".split("")),
    fc.array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-".split("")), { maxLength: 8 }),
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789".split("")),
  )
  .map(([first, middle, last]) => first + middle.join("") + last);
const domain = fc
  .tuple(
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("com", "org", "de", "example", "co"),
  )
  .map(([labels, tld]) => [...labels, tld].join("."));
const validEmail = fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`);

describe("email addresses", () => {
  test("every dot-atom local part @ a domain of labels is valid", () => {
    fc.assert(fc.property(validEmail, (email) => emailProblem(email) === null));
  });

  test("an address with whitespace, a second @, or no @ at all is invalid", () => {
    fc.assert(
      fc.property(
        validEmail,
        fc.nat(),
        fc.constantFrom(" ", "\t", "@", ",", '"', "\u0000"),
        (email, at, bad) => {
          const i = 1 + (at % (email.length - 1));
          return emailProblem(email.slice(0, i) + bad + email.slice(i)) !== null;
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("@")),
        (s) => emailProblem(s) !== null,
      ),
    );
  });

  test("an address over 254 characters is invalid whatever it is made of", () => {
    fc.assert(
      fc.property(validEmail, fc.integer({ min: 255, max: 400 }), (email, length) => {
        const long = "a".repeat(Math.max(0, length - email.length)) + email;
        return characters(long) <= LIMITS.emailLength || emailProblem(long) !== null;
      }),
    );
  });

  test("duplicates in a create request are found ignoring case and named by both positions", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(validEmail, { minLength: 2, maxLength: 10, selector: caseKey }),
        fc.nat(),
        (emails, pick) => {
          const first = pick % emails.length;
          const copy = emails[first]!.toUpperCase();
          fc.pre(caseKey(copy) === caseKey(emails[first]!));
          const members = [...emails, copy].map((email) => ({ email }));
          const errors = fieldsOf(() => checkCreate({ name: "g", members }));
          expect(errors).toEqual([
            {
              field: `members[${emails.length}].email`,
              message: expect.stringContaining(`duplicates members[${first}].email`),
            },
          ]);
        },
      ),
    );
  });
});

describe("names and descriptions", () => {
  test("a name is accepted exactly when, trimmed, it has 1 to 200 characters (and no control characters)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 260 }), (name) => {
        const trimmed = name.trim();
        const errors = fieldsOf(() => checkCreate({ name }));
        const ok =
          trimmed !== "" &&
          characters(trimmed) <= 200 &&
          ![...trimmed].some(
            (c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f),
          );
        expect(errors.length === 0).toBe(ok);
        if (!ok) expect(errors.map((e) => e.field)).toEqual(["name"]);
      }),
    );
  });

  test("update: null or omitted means unchanged; an empty or blank description clears it; a blank name is refused", () => {
    expect(checkUpdate({})).toEqual({});
    expect(checkUpdate({ name: null, description: null })).toEqual({});
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n]*$/), (blank) => {
        expect(checkUpdate({ description: blank })).toEqual({ description: null });
        expect(fieldsOf(() => checkUpdate({ name: blank })).map((e) => e.field)).toEqual(["name"]);
      }),
    );
  });

  test("a description is accepted up to 2,000 characters after trimming", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2100 }), fc.nat({ max: 5 }), (length, pad) => {
        const description = " ".repeat(pad) + "d".repeat(length) + " ".repeat(pad);
        expect(fieldsOf(() => checkUpdate({ description })).length === 0).toBe(length <= 2000);
      }),
    );
  });
});

describe("list query", () => {
  test("pageSize is accepted exactly from 1 to 100, page from 1 up", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        expect(fieldsOf(() => parseListQuery({ pageSize: String(n) })).length === 0).toBe(n >= 1 && n <= 100);
        expect(fieldsOf(() => parseListQuery({ page: String(n) })).length === 0).toBe(n >= 1);
      }),
    );
  });

  test("sortBy takes the four fields in any case and nothing else", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("name", "createdOn", "updatedOn", "memberCount"),
        fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }),
        (field, upper) => {
          const mixed = [...field].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join("");
          expect(parseListQuery({ sortBy: mixed }).sortBy).toBe(field);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1 })
          .filter(
            (s) =>
              !["name", "createdon", "updatedon", "membercount"].includes(s.trim().toLowerCase()) &&
              s.trim() !== "",
          ),
        (other) => {
          expect(fieldsOf(() => parseListQuery({ sortBy: other }))).toEqual([
            { field: "sortBy", message: expect.stringContaining("name, createdOn, updatedOn, memberCount") },
          ]);
        },
      ),
    );
  });

  test("updatedSince: every ISO 8601 UTC instant reads back as itself, a date as its midnight, an offset as its UTC instant", () => {
    const instant = fc.date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (date) => {
        const iso = date.toISOString();
        expect(parseUpdatedSince(iso)).toBe(iso);
        expect(parseUpdatedSince(iso.slice(0, 10))).toBe(`${iso.slice(0, 10)}T00:00:00.000Z`);
        expect(parseUpdatedSince(iso.slice(0, 19))).toBe(`${iso.slice(0, 19)}.000Z`);
      }),
    );
    fc.assert(
      fc.property(instant, fc.integer({ min: -23 * 60, max: 23 * 60 }), (date, offset) => {
        const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 23);
        const sign = offset < 0 ? "-" : "+";
        const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
        const mm = String(Math.abs(offset) % 60).padStart(2, "0");
        fc.pre(/^\d{4}-/.test(local));
        const parsed = parseUpdatedSince(`${local}${sign}${hh}:${mm}`);
        expect(parsed).toBe(date.toISOString());
      }),
    );
  });
});

describe("ids, updatedOn and search patterns", () => {
  test("a group id is a UUID in any case, read in lower case; anything else is no id", () => {
    fc.assert(fc.property(fc.uuid(), (id) => parseGroupId(id.toUpperCase()) === id.toLowerCase()));
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^[0-9a-f-]{36}$/i.test(s)),
        (s) => parseGroupId(s) === null,
      ),
    );
  });

  test("updatedOn always moves forward, to now when the clock has moved on", () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true, min: new Date(0), max: new Date("9000-01-01") }),
        fc.integer({ min: -5000, max: 5000 }),
        (previous, skew) => {
          const now = new Date(previous.getTime() + skew);
          const next = nextUpdatedOn(previous.toISOString(), now);
          expect(next > previous.toISOString()).toBe(true);
          if (skew > 0) expect(next).toBe(now.toISOString());
        },
      ),
    );
  });

  test("a LIKE pattern matches its text literally: %, _ and \\ are escaped", () => {
    // A LIKE with ESCAPE '\' read as a regular expression, to check the escaping without a database.
    const likeToRegExp = (pattern: string) => {
      let out = "";
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i]!;
        if (c === "\\") out += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        else if (c === "%") out += "[\\s\\S]*";
        else if (c === "_") out += "[\\s\\S]";
        else out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      }
      return new RegExp(`^${out}$`, "u");
    };
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (needle, haystack) => {
        expect(likeToRegExp(likeContaining(needle)).test(haystack)).toBe(haystack.includes(needle));
      }),
    );
  });
});
