// Kept, measured need (issue 30): unpatched pdf.js loads a page's content stream whole and keeps it (a page with one 50 MB content stream raised the reader's peak by 105 MB; bound 64 MB); this reduces such a stream, a window at a time, to what its text extraction reads.
/**
 * A decoded page content stream reduced to the operators pdf.js's `getTextContent` reads, so that
 * an overlay can give pdf.js the small stream in place of the large one and get the same text items.
 *
 * Kept, each with its operands copied byte for byte: `q Q cm` (the preprocessor's state), `BT ET Tc
 * Tw Tz TL Tf Tr Ts Td TD Tm T* Tj TJ ' "` (text), `Do` (form XObjects), `gs` (a font in an
 * ExtGState), `BMC BDC EMC` (each flushes the current text item). Everything else is dropped with its
 * operands: paths, colours, shadings, images, `BX/EX`, `MP/DP`, unknown operators, comments.
 *
 * Equality with pdf.js rests on reading the bytes as pdf.js 5.6's Lexer, Parser and
 * EvaluatorPreprocessor do (pdf.worker.mjs): its command splitting by known operators (`ETQ` is
 * `ET Q`), its numbers, strings, names, arrays and dictionaries, its argument counting (unknown
 * operators leave their operands to the next operator; extra operands of one operator are lent to a
 * later one short of them), and `Parser.makeInlineImage`'s search for an inline image's end (DCT's
 * EOI marker, ASCII85's `~>`, ASCIIHex's `>`, else `EI` followed by white space and bytes that lex as
 * a valid operation). Where pdf.js would read the original otherwise than the reduced stream, the
 * reducer refuses ("not reducible") rather than guess, and the caller keeps the original:
 * - a dropped operator with more or fewer operands than pdf.js expects (pdf.js would keep the extra
 *   ones or take missing ones from earlier extras, or give up after 10 short path operators);
 * - anything pdf.js's lexer or parser throws on (a stray `)`, a malformed number such as `-x`, an
 *   operator name of 129 bytes, more than 33 operands, an inline image key that is not a name), since
 *   pdf.js stops extracting there;
 * - an indirect reference (`R`) among operands or in an inline image's dictionary, `ID` outside an
 *   inline image, `BI`/`ID` inside an array or dictionary, operands before `BI`;
 * - an inline image whose `ID` is not followed by white space, whose filter is not a name or an
 *   array of names, or whose end pdf.js finds only at the stream's end (its fallbacks), except the
 *   unfiltered search's going back to the last `EI` and white space, followed when that lies no more
 *   than `maxHeldBytes` back;
 * - operands, an array, a dictionary, a string or an inline image left open at the end;
 * - more than `maxHeldBytes` held for one operation's operands (a huge string or array).
 *
 * pdf.js reads a page whose /Contents is an array as one stream, the streams' bytes joined with
 * nothing between them: such a page's streams must be pushed in order into one reducer, whose output
 * then replaces the whole array.
 *
 * Streaming: `push` takes chunks of any size (a token or an inline image may straddle them), `end`
 * finishes. Memory is the operands of one operation (bounded), a 64 KiB window and the output not yet
 * handed to `onData`. Inline image data is scanned, never held.
 */

export interface ContentTextOptions {
  /** Receives the reduced bytes as they are made; each chunk is the receiver's. Without it they are
   *  collected in `chunks`. */
  onData?: (chunk: Uint8Array) => void;
  /** Most bytes held for one operation's operands (default 1 MiB); more makes the stream not
   *  reducible. */
  maxHeldBytes?: number;
}

export type ContentTextResult = { reducible: true; bytes: number } | { reducible: false; reason: string };

// ---------------------------------------------------------------------------------------------
// pdf.js's byte classes and operator table (EvaluatorPreprocessor.opMap; null: known to its lexer,
// unknown to the preprocessor).

/** pdf.js's specialChars: 1 white space (NUL, TAB, LF, FF, CR, SP), 2 delimiter. */
const SPECIAL = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) SPECIAL[c] = 1;
for (const c of "%()/<>[]{}") SPECIAL[c.charCodeAt(0)] = 2;
/** pdf.js's isWhiteSpace (numbers, inline image ends): SP, TAB, CR, LF only. */
const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;

interface OpSpec {
  numArgs: number;
  variableArgs: boolean;
  keep: boolean;
}
/** pdf.js's operators: [numArgs, variableArgs], or null (known to its lexer only). */
export const PDFJS_OPERATORS: Readonly<Record<string, readonly [number, boolean] | null>> = {
  w: [1, false], J: [1, false], j: [1, false], M: [1, false], d: [2, false], ri: [1, false],
  i: [1, false], gs: [1, false], q: [0, false], Q: [0, false], cm: [6, false], m: [2, false],
  l: [2, false], c: [6, false], v: [4, false], y: [4, false], h: [0, false], re: [4, false],
  S: [0, false], s: [0, false], f: [0, false], F: [0, false], "f*": [0, false], B: [0, false],
  "B*": [0, false], b: [0, false], "b*": [0, false], n: [0, false], W: [0, false], "W*": [0, false],
  BT: [0, false], ET: [0, false], Tc: [1, false], Tw: [1, false], Tz: [1, false], TL: [1, false],
  Tf: [2, false], Tr: [1, false], Ts: [1, false], Td: [2, false], TD: [2, false], Tm: [6, false],
  "T*": [0, false], Tj: [1, false], TJ: [1, false], "'": [1, false], '"': [3, false], d0: [2, false],
  d1: [6, false], CS: [1, false], cs: [1, false], SC: [4, true], SCN: [33, true], sc: [4, true],
  scn: [33, true], G: [1, false], g: [1, false], RG: [3, false], rg: [3, false], K: [4, false],
  k: [4, false], sh: [1, false], BI: [0, false], ID: [0, false], EI: [1, false], Do: [1, false],
  MP: [1, false], DP: [2, false], BMC: [1, false], BDC: [2, false], EMC: [0, false], BX: [0, false],
  EX: [0, false], BM: null, BD: null, true: null, fa: null, fal: null, fals: null, false: null,
  nu: null, nul: null, null: null,
}; // prettier-ignore
// prettier-ignore
const KEEP = new Set([
  "q", "Q", "cm", "BT", "ET", "Tc", "Tw", "Tz", "TL", "Tf", "Tr", "Ts", "Td", "TD", "Tm", "T*", "Tj", "TJ", "'", '"',
  "Do", "gs", "BMC", "BDC", "EMC",
]);

/** What a command token is to us. */
const C_PREFIX = 0; // not a command pdf.js knows
const C_OP = 1;
const C_NULLSPEC = 2; // known to the lexer, unknown to the preprocessor (BM, fa, nul…)
const C_TRUE = 3;
const C_FALSE = 4;
const C_NULL = 5;
const C_BI = 6;
const C_ID = 7;
const C_REF = 8; // R (a prefix of RG, so on the trie, unknown)

// A trie over the known command names, for the lexer's splitting rule: a known command followed by
// a regular byte that does not make a longer known command ends there.
const trieNext: Int16Array[] = [new Int16Array(256).fill(-1)];
const trieKnown: boolean[] = [false];
const trieKind: number[] = [C_PREFIX];
const trieSpec: (OpSpec | null)[] = [null];
function trieAdd(name: string): number {
  let node = 0;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    let child = trieNext[node]![c]!;
    if (child < 0) {
      child = trieNext.length;
      trieNext.push(new Int16Array(256).fill(-1));
      trieKnown.push(false);
      trieKind.push(C_PREFIX);
      trieSpec.push(null);
      trieNext[node]![c] = child;
    }
    node = child;
  }
  return node;
}
for (const [name, entry] of Object.entries(PDFJS_OPERATORS)) {
  const node = trieAdd(name);
  trieKnown[node] = true;
  if (entry === null) {
    trieKind[node] =
      name === "true" ? C_TRUE : name === "false" ? C_FALSE : name === "null" ? C_NULL : C_NULLSPEC;
  } else {
    trieKind[node] = name === "BI" ? C_BI : name === "ID" ? C_ID : C_OP;
    trieSpec[node] = { numArgs: entry[0], variableArgs: entry[1], keep: KEEP.has(name) };
  }
}
trieKind[trieAdd("R")] = C_REF;
// Flat tables for the lexer's inner loop: child of node n by byte c at TRIE[n << 8 | c].
const TRIE = new Int16Array(trieNext.length * 256);
trieNext.forEach((row, node) => TRIE.set(row, node * 256));
const KNOWN = Uint8Array.from(trieKnown, (known) => (known ? 1 : 0));

// ---------------------------------------------------------------------------------------------
// The lexer (pdf.js's Lexer.getObj, as token boundaries)

const T_NEED = 0; // the token may go on past the bytes at hand
const T_ERR = 1; // pdf.js throws here
const T_NUM = 2;
const T_STR = 3;
const T_HEX = 4;
const T_NAME = 5;
const T_CMD = 6; // tokNode: trie node, or -1
const T_LBRACK = 7;
const T_RBRACK = 8;
const T_LDICT = 9;
const T_RDICT = 10;
const T_OTHER = 11; // > { } : commands pdf.js's preprocessor does not know

let tokEnd = 0;
let tokNode = -1;
let tokError = "";

/** Lexes the token starting at b[p] (not white space, not a comment) within b[p..end); with
 *  `final`, end is the stream's end. Sets tokEnd (and tokNode, tokError). */
function lexToken(b: Uint8Array, p: number, end: number, final: boolean): number {
  const c = b[p]!;
  // Numbers and letters first: most tokens of a large page are path coordinates and operators.
  if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x2b) return lexNumber(b, p, end, final);
  if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return lexCommand(b, p, end, final);
  switch (c) {
    case 0x28: {
      // (string): balanced parentheses, a backslash escapes the next byte
      let depth = 1;
      let q = p + 1;
      while (q < end) {
        const ch = b[q]!;
        if (ch === 0x5c) q += 2;
        else {
          q++;
          if (ch === 0x28) depth++;
          else if (ch === 0x29 && --depth === 0) {
            tokEnd = q;
            return T_STR;
          }
        }
      }
      if (!final) return T_NEED;
      tokEnd = end; // pdf.js: "Unterminated string"
      return T_STR;
    }
    case 0x2f: {
      let q = p + 1;
      while (q < end && SPECIAL[b[q]!] === 0) q++;
      if (q >= end && !final) return T_NEED;
      tokEnd = q;
      return T_NAME;
    }
    case 0x5b:
      tokEnd = p + 1;
      return T_LBRACK;
    case 0x5d:
      tokEnd = p + 1;
      return T_RBRACK;
    case 0x7b:
    case 0x7d:
      tokEnd = p + 1;
      return T_OTHER;
    case 0x3c: {
      if (p + 1 >= end) {
        if (!final) return T_NEED;
        tokEnd = end;
        return T_HEX;
      }
      if (b[p + 1] === 0x3c) {
        tokEnd = p + 2;
        return T_LDICT;
      }
      let q = p + 1;
      while (q < end && b[q] !== 0x3e) q++;
      if (q >= end) {
        if (!final) return T_NEED;
        tokEnd = end; // pdf.js: "Unterminated hex string"
        return T_HEX;
      }
      tokEnd = q + 1;
      return T_HEX;
    }
    case 0x3e:
      if (p + 1 >= end && !final) return T_NEED;
      if (b[p + 1] === 0x3e && p + 1 < end) {
        tokEnd = p + 2;
        return T_RDICT;
      }
      tokEnd = p + 1;
      return T_OTHER;
    case 0x29:
      tokError = "a ')' outside a string";
      return T_ERR;
  }
  return lexCommand(b, p, end, final);
}

/** pdf.js's Lexer.getNumber, as a boundary: sign(s), line ends, a dot, then digits, one more dot
 *  and minus signs. */
function lexNumber(b: Uint8Array, p: number, end: number, final: boolean): number {
  let q = p;
  let ch = b[q]!;
  if (ch === 0x2d) {
    ch = ++q < end ? b[q]! : -1;
    if (ch === 0x2d) ch = ++q < end ? b[q]! : -1;
  } else if (ch === 0x2b) ch = ++q < end ? b[q]! : -1;
  while (ch === 0x0a || ch === 0x0d) ch = ++q < end ? b[q]! : -1;
  let dot = false;
  if (ch === 0x2e) {
    dot = true;
    ch = ++q < end ? b[q]! : -1;
  }
  if (ch === -1 && !final) return T_NEED;
  if (ch < 0x30 || ch > 0x39) {
    if (ch === -1 || isWs(ch) || ch === 0x28 || ch === 0x3c) {
      tokEnd = q; // pdf.js reads 0
      return T_NUM;
    }
    tokError = "a malformed number";
    return T_ERR;
  }
  q++;
  for (;;) {
    if (q >= end) {
      if (!final) return T_NEED;
      break;
    }
    ch = b[q]!;
    if (ch >= 0x30 && ch <= 0x39) q++;
    else if (ch === 0x2e) {
      if (dot) break;
      dot = true;
      q++;
    } else if (ch === 0x2d) q++;
    else break;
  }
  tokEnd = q;
  return T_NUM;
}

/** A command: regular bytes, split where a known command would stop being one. */
function lexCommand(b: Uint8Array, p: number, end: number, final: boolean): number {
  const c = b[p]!;
  if (c < 0x20 || c > 0x7f) {
    if (p + 1 >= end && !final) return T_NEED;
    const next = p + 1 < end ? b[p + 1]! : -1;
    if (next >= 0x20 && next <= 0x7f) {
      tokEnd = p + 1;
      tokNode = -1;
      return T_CMD;
    }
  }
  let node: number = TRIE[c]!;
  let length = 1;
  let q = p + 1;
  for (;;) {
    if (q >= end) {
      if (!final) return T_NEED;
      break;
    }
    const ch = b[q]!;
    if (SPECIAL[ch] !== 0) break;
    if (node >= 0 && KNOWN[node] === 1) {
      const child = TRIE[(node << 8) | ch]!;
      if (child < 0 || KNOWN[child] === 0) break;
    }
    if (length === 128) {
      tokError = "an operator name longer than 128 bytes";
      return T_ERR;
    }
    node = node >= 0 ? TRIE[(node << 8) | ch]! : -1;
    length++;
    q++;
  }
  tokEnd = q;
  tokNode = node;
  return T_CMD;
}

/** Skips white space and comments from p; returns where a token starts, or end. `-1 - k`: a comment
 *  runs on past end from k (a token cannot start before more bytes come). */
function skipSpace(b: Uint8Array, p: number, end: number): number {
  while (p < end) {
    const ch = b[p]!;
    if (SPECIAL[ch] === 1) p++;
    else if (ch === 0x25) {
      const from = p;
      p++;
      while (p < end && b[p] !== 0x0a && b[p] !== 0x0d) p++;
      if (p >= end) return -1 - from;
    } else break;
  }
  return p;
}

/** pdf.js's Lexer.getName, decoded (only inline image keys and filters are read). */
function decodeName(b: Uint8Array, from: number, to: number): string {
  let out = "";
  const hex = (ch: number) =>
    ch >= 0x30 && ch <= 0x39
      ? ch - 0x30
      : (ch | 0x20) >= 0x61 && (ch | 0x20) <= 0x66
        ? (ch | 0x20) - 0x57
        : -1;
  let q = from + 1;
  while (q < to) {
    const ch = b[q++]!;
    if (ch !== 0x23) {
      out += String.fromCharCode(ch);
      continue;
    }
    const c1 = q < to ? b[q]! : -1;
    const x = hex(c1);
    if (x < 0) {
      out += "#" + (c1 < 0 ? "" : String.fromCharCode(c1));
      if (c1 < 0) break;
      q++;
      continue;
    }
    q++;
    const c2 = q < to ? b[q]! : -1;
    const x2 = hex(c2);
    if (x2 < 0) {
      out += "#" + String.fromCharCode(c1);
      if (c2 < 0) break;
      out += String.fromCharCode(c2);
      q++;
      continue;
    }
    out += String.fromCharCode((x << 4) | x2);
    q++;
  }
  return out;
}

// Results of the structure parsers below.
const P_NEED = -1;
const P_ERR = -2;
let parseError = "";

/** An array or dictionary from b[p] ('[' or '<<'), as pdf.js's Parser.getObj takes it: dictionary
 *  keys must be names (other tokens there are skipped one by one), values and elements are whole
 *  objects. Returns its end, P_NEED or P_ERR. `noRefs`: an R inside is an error too. */
function parseStruct(b: Uint8Array, p: number, end: number, final: boolean, noRefs: boolean): number {
  const ARRAY = 0;
  const KEY = 1;
  const VALUE = 2;
  const stack: number[] = [b[p] === 0x5b ? ARRAY : KEY];
  p += b[p] === 0x5b ? 1 : 2;
  while (stack.length > 0) {
    const start = skipSpace(b, p, end);
    if (start < 0 || start >= end) {
      if (!final) return P_NEED;
      parseError = "the stream ends inside an array or dictionary";
      return P_ERR;
    }
    const kind = lexToken(b, start, end, final);
    if (kind === T_NEED) return P_NEED;
    if (kind === T_ERR) {
      parseError = tokError;
      return P_ERR;
    }
    if (kind === T_CMD && tokNode >= 0) {
      const k = trieKind[tokNode];
      if (k === C_BI || k === C_ID || (noRefs && k === C_REF)) {
        parseError = "BI, ID or R inside an array or dictionary";
        return P_ERR;
      }
    }
    const top = stack.length - 1;
    if (stack[top] === KEY) {
      if (kind === T_RDICT) stack.pop();
      else if (kind === T_NAME) stack[top] = VALUE;
    } else if (stack[top] === ARRAY && kind === T_RBRACK) stack.pop();
    else {
      if (stack[top] === VALUE) stack[top] = KEY;
      if (kind === T_LBRACK) stack.push(ARRAY);
      else if (kind === T_LDICT) stack.push(KEY);
    }
    p = tokEnd;
  }
  return p;
}

/** An inline image's filter, as Parser.makeInlineImage chooses its end search. */
const F_DEFAULT = 0;
const F_DCT = 1;
const F_A85 = 2;
const F_AHX = 3;
let biFilter = F_DEFAULT;

/** An inline image's dictionary from after BI up to and including ID and the byte after it (pdf.js's
 *  lexer consumed it); returns where the data starts, P_NEED or P_ERR; sets biFilter. */
function parseInlineDict(b: Uint8Array, p: number, end: number, final: boolean): number {
  const filters = new Map<string, string | undefined>(); // F/Filter → first filter name
  const need = () => {
    if (final) parseError = "the stream ends inside an inline image";
    return final ? P_ERR : P_NEED;
  };
  for (;;) {
    let start = skipSpace(b, p, end);
    if (start < 0 || start >= end) return need();
    let kind = lexToken(b, start, end, final);
    if (kind === T_NEED) return P_NEED;
    if (kind === T_ERR) return ((parseError = tokError), P_ERR);
    if (kind === T_CMD && tokNode >= 0 && trieKind[tokNode] === C_ID) {
      const at = tokEnd;
      if (at >= end) return need();
      if (SPECIAL[b[at]!] !== 1)
        return ((parseError = "an inline image's ID not followed by white space"), P_ERR);
      const chosen = filters.has("F") ? filters.get("F") : filters.get("Filter");
      biFilter =
        chosen === "DCT" || chosen === "DCTDecode"
          ? F_DCT
          : chosen === "A85" || chosen === "ASCII85Decode"
            ? F_A85
            : chosen === "AHx" || chosen === "ASCIIHexDecode"
              ? F_AHX
              : F_DEFAULT;
      return at + 1;
    }
    if (kind !== T_NAME) return ((parseError = "an inline image key that is not a name"), P_ERR);
    const key = decodeName(b, start, tokEnd);
    start = skipSpace(b, tokEnd, end);
    if (start < 0 || start >= end) return need();
    kind = lexToken(b, start, end, final);
    if (kind === T_NEED) return P_NEED;
    if (kind === T_ERR) return ((parseError = tokError), P_ERR);
    if (key === "F" || key === "Filter") {
      // Parser.filter throws on an array element that is not a name; anything but a name or an
      // array of names would also make makeInlineImage's choice depend on JavaScript truthiness.
      if (kind === T_NAME) {
        filters.set(key, decodeName(b, start, tokEnd));
        p = tokEnd;
        continue;
      }
      if (kind !== T_LBRACK) return ((parseError = "an inline image filter that is not a name"), P_ERR);
      let first: string | undefined;
      let q = tokEnd;
      for (let index = 0; ; index++) {
        const s = skipSpace(b, q, end);
        if (s < 0 || s >= end) return need();
        const k = lexToken(b, s, end, final);
        if (k === T_NEED) return P_NEED;
        if (k === T_RBRACK) {
          q = tokEnd;
          break;
        }
        if (k !== T_NAME) return ((parseError = "an inline image filter that is not a name"), P_ERR);
        if (index === 0) first = decodeName(b, s, tokEnd);
        q = tokEnd;
      }
      filters.set(key, first);
      p = q;
      continue;
    }
    if (kind === T_LBRACK || kind === T_LDICT) {
      const r = parseStruct(b, start, end, final, true);
      if (r < 0) return r;
      p = r;
      continue;
    }
    if (kind === T_CMD && tokNode >= 0) {
      const k = trieKind[tokNode];
      if (k === C_BI || k === C_ID || k === C_REF)
        return ((parseError = "BI, ID or R as an inline image value"), P_ERR);
    }
    p = tokEnd;
  }
}

/** findDefaultInlineStreamEnd's check of the bytes after "EI" and a white space: 15 printable bytes
 *  (a NUL before a non-NUL allowed), then, lexed alone from a 75-byte window, operands and an
 *  operator pdf.js knows with their count. 1 yes, 0 no, -1 pdf.js would throw. */
function validEiFollower(b: Uint8Array, from: number, end: number): number {
  const n = Math.min(15, end - from);
  for (let k = 0; k < n; k++) {
    const ch = b[from + k]!;
    if (ch === 0 && (k + 1 >= n || b[from + k + 1] !== 0)) continue;
    if (ch !== 0x0a && ch !== 0x0d && (ch < 0x20 || ch > 0x7f)) return 0;
  }
  const windowEnd = Math.min(from + 75, end);
  let p = from;
  let numArgs = 0;
  for (;;) {
    p = skipSpace(b, p, windowEnd);
    if (p < 0 || p >= windowEnd) return 0;
    const kind = lexToken(b, p, windowEnd, true);
    if (kind === T_ERR) return -1;
    p = tokEnd;
    if (kind === T_CMD) {
      const k = tokNode >= 0 ? trieKind[tokNode] : C_PREFIX;
      if (k === C_TRUE || k === C_FALSE || k === C_NULL) {
        numArgs++;
        continue;
      }
      const spec = tokNode >= 0 ? trieSpec[tokNode] : null;
      if (!spec) return 0;
      if (spec.variableArgs ? numArgs <= spec.numArgs : numArgs === spec.numArgs) return 1;
      numArgs = 0;
      continue;
    }
    if (kind === T_NUM || kind === T_STR || kind === T_HEX || kind === T_NAME) {
      numArgs++;
      continue;
    }
    return 0; // [ ] << >> > { }: commands pdf.js does not know
  }
}

// ---------------------------------------------------------------------------------------------

const SLICE = 64 * 1024;
const OUT_CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

// Where the reader is: between operations, or inside an inline image's data.
const M_TOP = 0;
const M_IMAGE = 1;
// Inline image phases.
const I_DEFAULT = 0; // searching for "EI" + white space (state in eiState)
const I_DCT_SCAN = 1;
const I_DCT_MARKER = 2;
const I_DCT_LENGTH = 3;
const I_DCT_SKIP = 4;
const I_A85_SCAN = 5;
const I_A85_TILDE = 6;
const I_AHX_SCAN = 7;
const I_SKIP_EI = 8; // inlineStreamSkipEI (state in eiState)

export class ContentTextReducer {
  /** The reduced bytes, when no `onData` was given. */
  readonly chunks: Uint8Array[] = [];
  private readonly onData: (chunk: Uint8Array) => void;
  private readonly maxHeld: number;
  private buf = new Uint8Array(2 * SLICE);
  private limit = 0;
  private pos = 0;
  /** Start of the pending operands (one operation's), or -1. */
  private spanStart = -1;
  private argCount = 0;
  private inComment = false;
  /** Do not try the token at pos again before this many bytes are at hand (amortises retries). */
  private waitEnd = 0;
  private mode = M_TOP;
  private phase = I_DEFAULT;
  private eiState = 0;
  private skipLeft = 0;
  /** Where pdf.js's default end search goes back to when it finds no valid end: after the last "EI"
   *  and white space (-1: none, or lost when it lay more than maxHeld bytes back). */
  private eiCandidate = -1;
  private tildeSkipped = false;
  private out = new Uint8Array(OUT_CHUNK);
  private outLength = 0;
  private written = 0;
  private refused: string | null = null;
  private ended = false;

  constructor(options: ContentTextOptions = {}) {
    this.onData = options.onData ?? ((chunk) => this.chunks.push(chunk));
    this.maxHeld = options.maxHeldBytes ?? 1024 * 1024;
  }

  /** Bytes of reduced output made so far (some may not have reached `onData` before `end`). */
  get outputBytes(): number {
    return this.written;
  }

  /** Why the stream is not reducible, as soon as that is known (later pushes are then ignored). */
  get refusal(): string | null {
    return this.refused;
  }

  push(chunk: Uint8Array): void {
    if (this.ended) throw new Error("ContentTextReducer: push after end");
    for (let at = 0; at < chunk.length && this.refused === null; at += SLICE) {
      this.append(chunk.subarray(at, Math.min(at + SLICE, chunk.length)));
      if (this.limit >= this.waitEnd) this.run(false);
    }
  }

  end(): ContentTextResult {
    if (!this.ended) {
      this.ended = true;
      if (this.refused === null) this.run(true);
      if (this.refused === null) {
        if (this.mode === M_IMAGE) this.refuse("the stream ends inside an inline image");
        else if (this.spanStart >= 0) this.refuse("operands without an operator at the end");
        else if (this.pos < this.limit) this.refuse("an unfinished token at the end");
      }
      if (this.refused === null && this.outLength > 0) {
        this.onData(this.out.slice(0, this.outLength));
        this.outLength = 0;
      }
      this.buf = new Uint8Array(0);
    }
    return this.refused === null
      ? { reducible: true, bytes: this.written }
      : { reducible: false, reason: this.refused };
  }

  private refuse(reason: string): void {
    this.refused ??= reason;
  }

  /** Appends to the window, first dropping what is no longer needed. */
  private append(chunk: Uint8Array): void {
    let keep = this.spanStart >= 0 ? this.spanStart : this.pos;
    if (this.eiCandidate >= 0) {
      if (this.limit - this.eiCandidate > this.maxHeld) {
        this.eiCandidate = -1;
      } else keep = Math.min(keep, this.eiCandidate);
    }
    const held = this.limit - keep;
    if (held > this.maxHeld) {
      this.refuse(`more than ${this.maxHeld} bytes for one operation`);
      return;
    }
    if (keep > 0 && this.limit + chunk.length > this.buf.length) {
      this.buf.copyWithin(0, keep, this.limit);
      this.limit -= keep;
      this.pos -= keep;
      this.waitEnd -= keep;
      if (this.spanStart >= 0) this.spanStart -= keep;
      if (this.eiCandidate >= 0) this.eiCandidate -= keep;
    }
    if (this.limit + chunk.length > this.buf.length) {
      const grown = new Uint8Array(Math.max(2 * this.buf.length, this.limit + chunk.length));
      grown.set(this.buf.subarray(0, this.limit));
      this.buf = grown;
    }
    this.buf.set(chunk, this.limit);
    this.limit += chunk.length;
  }

  private write(from: number, to: number): void {
    const n = to - from + 1;
    if (this.outLength + n > this.out.length) {
      if (this.outLength > 0) this.onData(this.out.slice(0, this.outLength));
      this.outLength = 0;
      if (n > this.out.length) this.out = new Uint8Array(n);
    }
    this.out.set(this.buf.subarray(from, to), this.outLength);
    this.out[this.outLength + n - 1] = NEWLINE;
    this.outLength += n;
    this.written += n;
  }

  /** Reads operations (and inline images) as far as the bytes at hand allow. */
  private run(final: boolean): void {
    const b = this.buf;
    const end = this.limit;
    let pos = this.pos;
    for (;;) {
      if (this.mode === M_IMAGE) {
        this.pos = pos;
        if (!this.image(final)) return;
        pos = this.pos;
        continue;
      }
      // White space and comments (a comment may run on into the next chunk).
      if (this.inComment) {
        while (pos < end && b[pos] !== 0x0a && b[pos] !== 0x0d) pos++;
        if (pos >= end) break;
        this.inComment = false;
      }
      while (pos < end) {
        const ch = b[pos]!;
        if (SPECIAL[ch] === 1) pos++;
        else if (ch === 0x25) {
          pos++;
          while (pos < end && b[pos] !== 0x0a && b[pos] !== 0x0d) pos++;
          if (pos >= end) this.inComment = true;
        } else break;
      }
      if (pos >= end) break;
      const kind = lexToken(b, pos, end, final);
      if (kind === T_NEED) {
        this.waitEnd = end + Math.max(end - pos, 256);
        break;
      }
      if (kind === T_ERR) return this.refuse(tokError);
      if (kind === T_CMD) {
        const node = tokNode;
        const k = node >= 0 ? trieKind[node]! : C_PREFIX;
        if (k === C_OP) {
          const spec = trieSpec[node]!;
          if (spec.keep) this.write(this.spanStart >= 0 ? this.spanStart : pos, tokEnd);
          else if (!spec.variableArgs && this.argCount !== spec.numArgs)
            return this.refuse(`a dropped operator with ${this.argCount} operands, not ${spec.numArgs}`);
          this.spanStart = -1;
          this.argCount = 0;
          pos = tokEnd;
          continue;
        }
        if (k === C_TRUE || k === C_FALSE) {
          if (!this.operand(pos)) return;
        } else if (k === C_NULL) {
          if (this.spanStart < 0) this.spanStart = pos;
        } else if (k === C_BI) {
          if (this.argCount !== 0) return this.refuse("operands before an inline image");
          const dataStart = parseInlineDict(b, tokEnd, end, final);
          if (dataStart === P_NEED) {
            this.waitEnd = end + Math.max(end - pos, 256);
            break;
          }
          if (dataStart === P_ERR) return this.refuse(parseError);
          // The image and the EI pdf.js adds after it: one operand, one dropped operator.
          this.spanStart = -1;
          this.mode = M_IMAGE;
          this.phase =
            biFilter === F_DCT
              ? I_DCT_SCAN
              : biFilter === F_A85
                ? I_A85_SCAN
                : biFilter === F_AHX
                  ? I_AHX_SCAN
                  : I_DEFAULT;
          this.eiState = 0;
          this.eiCandidate = -1;
          pos = dataStart;
          continue;
        } else if (k === C_ID) return this.refuse("ID outside an inline image");
        else if (k === C_REF) return this.refuse("an indirect reference among operands");
        // Other commands are unknown to pdf.js's preprocessor: it skips them, their operands wait.
        pos = tokEnd;
        continue;
      }
      if (kind === T_LBRACK || kind === T_LDICT) {
        const r = parseStruct(b, pos, end, final, false);
        if (r === P_NEED) {
          if (end - pos > this.maxHeld)
            return this.refuse(`more than ${this.maxHeld} bytes for one operation`);
          this.waitEnd = end + Math.max(end - pos, 256);
          break;
        }
        if (r === P_ERR) return this.refuse(parseError);
        if (!this.operand(pos)) return;
        pos = r;
        continue;
      }
      if (kind === T_RBRACK || kind === T_RDICT || kind === T_OTHER) {
        pos = tokEnd;
        continue;
      }
      if (!this.operand(pos)) return;
      pos = tokEnd;
    }
    this.pos = pos;
    if (this.spanStart >= 0 && end - this.spanStart > this.maxHeld)
      this.refuse(`more than ${this.maxHeld} bytes for one operation`);
  }

  private operand(at: number): boolean {
    if (this.spanStart < 0) this.spanStart = at;
    if (++this.argCount > 33) {
      this.refuse("more than 33 operands");
      return false;
    }
    return true;
  }

  /** Scans inline image data from this.pos; true when its end was found (this.pos is then where
   *  pdf.js goes on lexing), false when more bytes are needed or the stream was refused. */
  private image(final: boolean): boolean {
    const b = this.buf;
    const end = this.limit;
    let pos = this.pos;
    for (;;) {
      switch (this.phase) {
        case I_DEFAULT: {
          // findDefaultInlineStreamEnd: E, then I, then SP/LF/CR followed by a valid operation.
          let state = this.eiState;
          while (pos < end) {
            if (state === 0) {
              const at = b.subarray(pos, end).indexOf(0x45);
              if (at < 0) {
                pos = end;
                break;
              }
              pos += at + 1;
              state = 1;
              continue;
            }
            const ch = b[pos++]!;
            if (state === 1) {
              state = ch === 0x49 ? 2 : 0;
              continue;
            }
            if (ch !== 0x20 && ch !== 0x0a && ch !== 0x0d) {
              state = 0;
              continue;
            }
            if (end - pos < 75 && !final) {
              pos--; // see the white space again with the bytes after it
              break;
            }
            if (pos >= end) {
              this.pos = pos; // pdf.js: nothing after "EI ", the end is found
              this.mode = M_TOP;
              this.eiCandidate = -1;
              return true;
            }
            const valid = validEiFollower(b, pos, end);
            if (valid < 0) {
              this.refuse("an inline image followed by bytes pdf.js cannot lex");
              return false;
            }
            if (valid === 1) {
              this.pos = pos;
              this.mode = M_TOP;
              this.eiCandidate = -1;
              return true;
            }
            this.eiCandidate = pos;
            state = 0;
          }
          this.eiState = state;
          this.pos = pos;
          if (final && this.eiCandidate >= 0) {
            // pdf.js: "trying to recover by using the last EI occurrence".
            this.pos = this.eiCandidate;
            this.mode = M_TOP;
            return true;
          }
          if (final) this.refuse("an inline image without an end pdf.js finds");
          return false;
        }
        case I_DCT_SCAN: {
          const at = b.subarray(pos, end).indexOf(0xff);
          if (at < 0) {
            this.pos = end;
            return false;
          }
          pos += at + 1;
          this.phase = I_DCT_MARKER;
          break;
        }
        case I_DCT_MARKER: {
          if (pos >= end) {
            this.pos = pos;
            return false;
          }
          const marker = b[pos++]!;
          if (marker === 0xff) break; // the second 0xFF may start the marker
          if (marker === 0xd9) {
            this.phase = I_SKIP_EI;
            this.eiState = 0;
          } else if (
            (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) ||
            (marker >= 0xda && marker <= 0xef) ||
            marker === 0xfe
          )
            this.phase = I_DCT_LENGTH;
          else this.phase = I_DCT_SCAN;
          break;
        }
        case I_DCT_LENGTH: {
          if (end - pos < 2) {
            this.pos = pos;
            return false;
          }
          const length = (b[pos]! << 8) | b[pos + 1]!;
          if (length > 2) {
            this.skipLeft = length;
            this.phase = I_DCT_SKIP;
          } else this.phase = I_DCT_SCAN; // pdf.js steps back over the two bytes
          break;
        }
        case I_DCT_SKIP: {
          const step = Math.min(this.skipLeft, end - pos);
          pos += step;
          this.skipLeft -= step;
          if (this.skipLeft > 0) {
            this.pos = pos;
            return false;
          }
          this.phase = I_DCT_SCAN;
          break;
        }
        case I_A85_SCAN: {
          const at = b.subarray(pos, end).indexOf(0x7e);
          if (at < 0) {
            this.pos = end;
            return false;
          }
          pos += at + 1;
          this.tildeSkipped = false;
          this.phase = I_A85_TILDE;
          break;
        }
        case I_A85_TILDE: {
          while (pos < end && isWs(b[pos]!)) {
            pos++;
            this.tildeSkipped = true;
          }
          if (pos >= end || (this.tildeSkipped && end - pos < 2 && !final)) {
            this.pos = pos;
            return false;
          }
          if (b[pos] === 0x3e) {
            pos++;
            this.phase = I_SKIP_EI;
            this.eiState = 0;
          } else if (this.tildeSkipped && b[pos] === 0x45 && pos + 1 < end && b[pos + 1] === 0x49) {
            this.phase = I_SKIP_EI;
            this.eiState = 0;
          } else this.phase = I_A85_SCAN;
          break;
        }
        case I_AHX_SCAN: {
          const at = b.subarray(pos, end).indexOf(0x3e);
          if (at < 0) {
            this.pos = end;
            return false;
          }
          pos += at + 1;
          this.phase = I_SKIP_EI;
          this.eiState = 0;
          break;
        }
        case I_SKIP_EI: {
          // inlineStreamSkipEI: past "EI" and one byte more, whatever it is.
          let state = this.eiState;
          while (pos < end) {
            const ch = b[pos++]!;
            if (state === 0) state = ch === 0x45 ? 1 : 0;
            else if (state === 1) state = ch === 0x49 ? 2 : 0;
            else {
              this.pos = pos;
              this.mode = M_TOP;
              return true;
            }
          }
          this.eiState = state;
          this.pos = pos;
          return false;
        }
      }
    }
  }
}

/** The whole stream at once (tests, small streams): the reduced bytes, or why not. */
export function reduceContentText(
  bytes: Uint8Array,
  options: Omit<ContentTextOptions, "onData"> = {},
): { reducible: true; bytes: Uint8Array } | { reducible: false; reason: string } {
  const reducer = new ContentTextReducer(options);
  reducer.push(bytes);
  const result = reducer.end();
  if (!result.reducible) return result;
  return { reducible: true, bytes: Buffer.concat(reducer.chunks) };
}
