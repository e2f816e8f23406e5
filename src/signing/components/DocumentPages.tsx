/**
 * The documents page by page: each page is a box of the page's proportions (known from the session,
 * so nothing moves when pdf.js arrives) holding a canvas that pdf.js draws into once the page comes
 * near the screen, and the signer's fields on top of it where the sender placed them. A field of the
 * signer's is a button that selects it in the guide; the others (auto fields, read-only pages) show
 * their value. Between the canvas and the fields, pdf.js's text layer holds the page's text (its
 * glyphs transparent over the drawn ones), so a screen reader reads the document and text can be
 * selected; the fields stay above it.
 */
import { useEffect, useRef, useState } from "react";
import type { SigningApi } from "../api";
import { fieldName, hasValue, isAuto, type Values } from "../fields";
import type { PdfDocumentHandle, PdfLoader } from "../pdf";
import type { SigningDocument, SigningField, SigningSession } from "../types";
import { dateSignedText } from "../../shared/date-signed";
import { FieldValue } from "./FieldValue";

export function fieldElementId(fieldId: string): string {
  return `field-${fieldId}`;
}

/**
 * An automatic field's value as the sealed PDF will print it: the service's value (it sends the date
 * signed already as completion draws it, YYYY-MM-DD), else the same made here.
 */
function autoPreview(field: SigningField, signer: SigningSession["signer"]): string {
  if (hasValue(field.value)) return field.value;
  if (field.auto === "Name") return signer.name;
  if (field.auto === "Email") return signer.email;
  return dateSignedText(new Date());
}

function shownValue(field: SigningField, value: string | null | undefined) {
  if (!hasValue(value)) return null;
  switch (field.type) {
    case "Signature":
    case "Initials":
      return <img src={value} alt="" className="ink" />;
    case "Checkbox":
      return value === "true" ? "✓" : "";
    case "Attachment":
      return `📎 ${value}`;
    default:
      return value;
  }
}

/**
 * A filled field's value in words for its button's name: what the box shows must be part of the name
 * a screen reader or voice control hears (WCAG 2.5.3, axe's label-content-name-mismatch). A drawn
 * signature shows no text, so it adds none.
 */
function spokenValue(field: SigningField, value: string): string | null {
  switch (field.type) {
    case "Signature":
    case "Initials":
      return null;
    case "Checkbox":
      return value === "true" ? "ticked" : "not ticked";
    default:
      return value;
  }
}

function PageView({
  doc,
  pageNumber,
  handle,
  fields,
  values,
  currentId,
  signer,
  onSelect,
}: {
  doc: SigningDocument;
  pageNumber: number;
  handle: PdfDocumentHandle | null;
  fields: SigningField[];
  values: Values;
  currentId: string | null;
  signer: SigningSession["signer"];
  onSelect: ((id: string) => void) | null;
}) {
  const size = doc.pages[pageNumber - 1] ?? { width: 612, height: 792 };
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === "undefined");
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (visible || !frame.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!handle || !visible || drawn || !canvas.current || !frame.current) return;
    let cancelled = false;
    const width = Math.max(frame.current.clientWidth, 320);
    handle
      .renderPage(pageNumber, canvas.current, width, text.current ?? undefined)
      .then(() => !cancelled && setDrawn(true))
      .catch(() => undefined); // the page stays blank; its fields still work
    return () => {
      cancelled = true;
    };
  }, [handle, visible, drawn, pageNumber]);

  const place = (f: SigningField) => ({
    left: `${(f.x / size.width) * 100}%`,
    top: `${(f.y / size.height) * 100}%`,
    width: `${(f.width / size.width) * 100}%`,
    height: `${(f.height / size.height) * 100}%`,
  });

  return (
    <div
      ref={frame}
      className={`pdf-page${drawn ? " drawn" : ""}`}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      role="group"
      aria-label={`${doc.name}, page ${pageNumber} of ${doc.pageCount}`}
    >
      <canvas ref={canvas} aria-hidden="true" />
      {/* The page's text as pdf.js lays it out (filled once drawn): read by screen readers, selectable. */}
      <div ref={text} className="textLayer" />
      {fields.map((f) => {
        const value = values[f.id];
        if (isAuto(f) || !onSelect) {
          const text = isAuto(f) ? autoPreview(f, signer) : shownValue(f, value);
          return (
            <div key={f.id} id={fieldElementId(f.id)} className="field readonly" style={place(f)}>
              <FieldValue>{text}</FieldValue>
            </div>
          );
        }
        const filled = hasValue(value);
        const spoken = filled ? spokenValue(f, value) : null;
        const label = `${fieldName(f)}${f.required ? ", required" : ""}${filled ? ", filled" : ", empty"}${spoken ? `: ${spoken}` : ""}`;
        return (
          <button
            key={f.id}
            id={fieldElementId(f.id)}
            type="button"
            className={`field${filled ? " filled" : ""}${f.required ? " required" : ""}${f.id === currentId ? " current" : ""}`}
            style={place(f)}
            aria-label={label}
            aria-current={f.id === currentId ? "true" : undefined}
            onClick={() => onSelect(f.id)}
          >
            <FieldValue hidden>{filled ? shownValue(f, value) : fieldName(f)}</FieldValue>
          </button>
        );
      })}
    </div>
  );
}

function DocumentView({
  api,
  pdf,
  doc,
  fields,
  values,
  currentId,
  signer,
  onSelect,
}: {
  api: SigningApi;
  pdf: PdfLoader;
  doc: SigningDocument;
  fields: SigningField[];
  values: Values;
  currentId: string | null;
  signer: SigningSession["signer"];
  onSelect: ((id: string) => void) | null;
}) {
  const [handle, setHandle] = useState<PdfDocumentHandle | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let opened: PdfDocumentHandle | null = null;
    let cancelled = false;
    pdf
      .open(api.documentUrl(doc.id), api.headers())
      .then((h) => {
        opened = h;
        if (cancelled) h.destroy();
        else setHandle(h);
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setProblem(
            `The pages of this document could not be shown (${error instanceof Error ? error.message : String(error)}). Your fields below still work; reload the page to try again.`,
          );
      });
    return () => {
      cancelled = true;
      opened?.destroy();
    };
  }, [api, pdf, doc.id]);

  const pages = Array.from({ length: doc.pageCount }, (_, i) => i + 1);
  return (
    <section className="document" aria-labelledby={`doc-${doc.id}`}>
      <h2 id={`doc-${doc.id}`}>{doc.name}</h2>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {pages.map((n) => (
        <PageView
          key={n}
          doc={doc}
          pageNumber={n}
          handle={handle}
          fields={fields.filter((f) => f.documentId === doc.id && f.page === n)}
          values={values}
          currentId={currentId}
          signer={signer}
          onSelect={onSelect}
        />
      ))}
    </section>
  );
}

export function DocumentPages(props: {
  api: SigningApi;
  pdf: PdfLoader;
  documents: SigningDocument[];
  fields: SigningField[];
  values: Values;
  currentId: string | null;
  signer: SigningSession["signer"];
  onSelect: ((id: string) => void) | null;
}) {
  const { documents, ...rest } = props;
  return (
    <>
      {documents.map((doc) => (
        <DocumentView key={doc.id} doc={doc} {...rest} />
      ))}
    </>
  );
}
