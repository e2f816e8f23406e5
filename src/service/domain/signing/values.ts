// The checks of a value a signer gives a field, by the field's type (PUT .../fields/{id}).
import { characters } from "../../../shared/signing-group-rules";
import { sniffType } from "../../../pdf/inspect";
import type { AnnotationRecord } from "../../storage";
import { SIGNING_LIMITS } from "./limits";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The value as stored, or the reason it is refused (by the field's type). */
export function checkFieldValue(a: AnnotationRecord, value: string): { value: string } | { problem: string } {
  switch (a.type) {
    case "Text":
    case "Company":
    case "Title":
      if (CONTROL_BUT_LINES.test(value)) return { problem: "must not contain control characters." };
      if (characters(value) > SIGNING_LIMITS.textLength)
        return { problem: `must be at most ${SIGNING_LIMITS.textLength} characters.` };
      return { value };
    case "Number": {
      const t = value.trim();
      if (!DECIMAL.test(t) || t.length > SIGNING_LIMITS.numberLength)
        return { problem: "must be a number such as 42 or 3.14." };
      return { value: t };
    }
    case "Date": {
      const m = DATE.exec(value.trim());
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1)
        return { problem: "must be a date written YYYY-MM-DD." };
      return { value: value.trim() };
    }
    case "Checkbox":
      if (value !== "true" && value !== "false") return { problem: 'must be "true" or "false".' };
      return { value };
    case "RadioGroup":
    case "Dropdown":
      if (!(a.options ?? []).includes(value))
        return { problem: `must be one of: ${(a.options ?? []).join(", ")}.` };
      return { value };
    case "Signature":
    case "Initials": {
      const m = PNG_DATA_URL.exec(value);
      if (!m) return { problem: "must be a PNG image as a data: URL (data:image/png;base64,...)." };
      const bytes = Buffer.from(m[1]!, "base64");
      if (bytes.length > SIGNING_LIMITS.imageBytes)
        return { problem: `must be an image of at most ${SIGNING_LIMITS.imageBytes / 1024} KB.` };
      if (sniffType(bytes) !== "png") return { problem: "must be a PNG image." };
      return { value };
    }
    case "Attachment":
      return { problem: "is set by attaching a file (POST .../attachment)." };
    case "Name":
    case "Email":
    case "DateSigned":
      return { problem: "is filled in automatically when you finish." };
  }
}
