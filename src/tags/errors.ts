import type { SpecProblem, TagProblem } from "./types";

/**
 * A tag that cannot be read. `position` is the 0-based offset of the first problem in the tag
 * text (null when the problem is not about a place); `problems` lists every problem found, since
 * a tag that is well-formed can still break several limits at once.
 */
export class TagParseError extends Error {
  readonly position: number | null;
  readonly problems: TagProblem[];

  constructor(problems: TagProblem[]) {
    const first = problems[0] ?? { message: "The tag cannot be read", position: null };
    super(problems.length > 1 ? problems.map((p) => p.message).join("; ") : first.message);
    this.name = "TagParseError";
    this.position = first.position;
    this.problems = problems.length > 0 ? problems : [first];
  }

  static at(message: string, position: number | null): TagParseError {
    return new TagParseError([{ message, position }]);
  }
}

/**
 * How the parsers signal a broken tag internally. Deliberately not an Error: capturing a stack
 * trace costs more than parsing a tag, and a scan of a large document may meet many broken tags.
 * The public functions turn it into a TagParseError.
 */
export class ParseFailure {
  constructor(readonly problems: TagProblem[]) {}

  static at(message: string, position: number | null): ParseFailure {
    return new ParseFailure([{ message, position }]);
  }
}

/** A tag specification that breaks the limits of contract §5 (see checkSpec). */
export class TagSpecError extends Error {
  readonly problems: SpecProblem[];

  constructor(problems: SpecProblem[]) {
    super(problems.map((p) => p.message).join("; "));
    this.name = "TagSpecError";
    this.problems = problems;
  }
}

/**
 * A format argument that is not one of Platform, DocuSign, AdobeSign. Kept apart from
 * TagParseError because it is the caller's mistake, not the tag's (the service answers it with
 * `invalid_format`, not `tag_unparseable`).
 */
export class TagFormatError extends Error {
  readonly formatName: string;

  constructor(formatName: unknown) {
    const shown = typeof formatName === "string" ? JSON.stringify(formatName) : String(formatName);
    super(`Unknown tag format ${shown}; expected Platform, DocuSign or AdobeSign`);
    this.name = "TagFormatError";
    this.formatName = String(formatName);
  }
}
