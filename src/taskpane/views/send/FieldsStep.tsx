import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import {
  Body1,
  Button,
  Caption1,
  Field,
  Select,
  Spinner,
  Subtitle2,
  Switch,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import {
  AddRegular,
  ArrowAutofitWidthRegular,
  DeleteRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from "@fluentui/react-icons";
import type { TagFormat } from "../../../tags";
import type { SendDocument } from "../../send/documents";
import {
  DROPPABLE_TYPES,
  FIELD_TYPE_LABELS,
  chosenSigners,
  describeField,
  describeSigner,
  dropField,
  nudgeField,
  signerColour,
  signerIndexes,
  type DocumentLayout,
  type DroppableType,
  type FoundTag,
  type PageSize,
  type PlacedField,
} from "../../send/fields";
import {
  FIT_WIDTH,
  ZOOM_LEVELS,
  badgePlacement,
  nextZoom,
  toPagePoint,
  toPixels,
  type Rect,
} from "../../send/page-geometry";
import type { OpenedPdf } from "../../send/pdf-engine";
import type { SignerRow } from "../../send/signers";

/** A badge's height in pixels at every zoom (readable at 320 px, small beside a line of text). */
const BADGE_HEIGHT = 14;
/** A badge's width for `text`: 10 px semibold digits and letters are about 6 px wide. */
const badgeWidth = (text: string) => Math.max(BADGE_HEIGHT, Math.ceil(text.length * 6 + 6));

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  grow: { flexGrow: 1, minWidth: "120px" },
  thumbs: {
    display: "flex",
    gap: tokens.spacingHorizontalXS,
    overflowX: "auto",
    paddingBottom: tokens.spacingVerticalXS,
    listStyleType: "none",
    margin: 0,
    paddingLeft: 0,
  },
  thumb: {
    minWidth: "52px",
    padding: tokens.spacingVerticalXXS,
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: tokens.spacingVerticalXXS,
  },
  thumbCanvas: { width: "44px", backgroundColor: "#ffffff", display: "block" },
  zoomBar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  zoomValue: { minWidth: "40px", textAlign: "center" },
  // The page at zoom: as wide as the pane at "fit width", scrolled inside this box when larger.
  viewport: {
    width: "100%",
    maxHeight: "80vh",
    overflow: "auto",
    // Room for the shadow and the focus ring; the badges stay inside the page.
    padding: "2px",
    boxSizing: "border-box",
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "-2px" },
  },
  page: {
    position: "relative",
    flexShrink: 0,
    backgroundColor: "#ffffff",
    boxShadow: tokens.shadow4,
    cursor: "crosshair",
    touchAction: "none",
    userSelect: "none",
    // A field's label may stick out on the right at the page's edge: never wider than the pane.
    overflowX: "clip",
    overflowY: "visible",
    // Forced colours drop the shadow and paint the page like the pane: without a line it has no edge.
    "@media (forced-colors: active)": { outline: "1px solid CanvasText" },
  },
  canvas: { position: "absolute", inset: 0, width: "100%", height: "100%" },
  // A tag's field: a thin outline and no fill, so the document's text under and beside it stays readable.
  tag: {
    position: "absolute",
    border: "1px dashed transparent",
    boxSizing: "border-box",
    backgroundColor: "transparent",
    pointerEvents: "none",
    overflow: "visible",
  },
  // The signer's number beside a box (never on it): placed by badgePlacement in pixels.
  badge: {
    position: "absolute",
    boxSizing: "border-box",
    height: `${BADGE_HEIGHT}px`,
    minWidth: `${BADGE_HEIGHT}px`,
    padding: "0 3px",
    borderRadius: tokens.borderRadiusSmall,
    fontFamily: tokens.fontFamilyBase,
    fontSize: "10px",
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: `${BADGE_HEIGHT}px`,
    textAlign: "center",
    color: "#ffffff",
    whiteSpace: "nowrap",
    pointerEvents: "none",
    "@media (forced-colors: active)": { outline: "1px solid CanvasText" },
  },
  field: {
    position: "absolute",
    boxSizing: "border-box",
    border: "2px solid transparent",
    padding: 0,
    margin: 0,
    minWidth: 0,
    minHeight: 0,
    cursor: "move",
    overflow: "visible",
    textAlign: "left",
    ":focus-visible": { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "1px" },
  },
  selected: { outline: `2px solid ${tokens.colorNeutralForeground1}`, outlineOffset: "2px" },
  handle: {
    position: "absolute",
    right: "-6px",
    bottom: "-6px",
    width: "12px",
    height: "12px",
    backgroundColor: "#ffffff",
    border: "2px solid #000000",
    boxSizing: "border-box",
    cursor: "nwse-resize",
  },
  list: { margin: 0, paddingLeft: 0, listStyleType: "none", display: "flex", flexDirection: "column" },
  listItem: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  swatch: {
    display: "inline-block",
    width: "10px",
    height: "10px",
    borderRadius: "2px",
    flexShrink: 0,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  live: { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)" },
});

export type LayoutState = DocumentLayout | { error: string };

export interface FieldsStepProps {
  documents: readonly SendDocument[];
  rows: readonly SignerRow[];
  fields: readonly PlacedField[];
  onFieldsChange(fields: PlacedField[]): void;
  layouts: ReadonlyMap<string, LayoutState>;
  onLayout(docKey: string, layout: LayoutState): void;
  /** The document's bytes as a PDF (an image made into one). */
  pdfBytes(doc: SendDocument): Promise<Uint8Array>;
  tagFormat: TagFormat;
  visibleTags: boolean;
  signatureBlock: boolean;
  onOptions(options: { tagFormat?: TagFormat; visibleTags?: boolean; signatureBlock?: boolean }): void;
  /** The step's heading (Send's: "3. Fields"). */
  heading?: string;
  /** The tag format and the two switches (default shown); Sign it yourself has no use for them. */
  tagOptions?: boolean;
  /** Focus the heading when the step is shown, so keyboard and screen-reader users keep their place. */
  focusHeading?: boolean;
}

const FORMAT_LABELS: Record<TagFormat, string> = {
  Platform: "Sign for Outlook",
  DocuSign: "DocuSign",
  AdobeSign: "Adobe Acrobat Sign",
};
const FORMAT_EXAMPLES: Record<TagFormat, string> = {
  Platform: "{{sig:1:req}}",
  DocuSign: "\\s1\\",
  AdobeSign: "{{Sig_es_:signer1:signature}}",
};

const pct = (n: number, of: number) => `${(100 * n) / of}%`;
const NUDGE = 2;

let fieldSerial = 0;
const newFieldId = () => `fld-${Date.now().toString(36)}-${++fieldSerial}`;

/**
 * Step 3: the chosen PDFs page by page (pdf.js, loaded on first show), the tags already in them as
 * dashed boxes in their signer's colour, and fields the user drops: pick a signer and a type, then
 * click on the page (or "Add to this page" from the keyboard); drag to move, the corner to resize,
 * arrow keys to move and Shift+arrow keys to resize, Delete to remove.
 */
export default function FieldsStep(props: FieldsStepProps) {
  const styles = useStyles();
  const { documents, rows, fields, onFieldsChange, layouts, onLayout, pdfBytes } = props;
  const opened = useRef(new Map<string, OpenedPdf>());
  const [docKey, setDocKey] = useState<string | null>(documents[0]?.key ?? null);
  const [page, setPage] = useState(1);
  const signers = useMemo(() => chosenSigners(rows), [rows]);
  const indexes = useMemo(() => signerIndexes(rows), [rows]);
  const [signerKey, setSignerKey] = useState<string | null>(signers[0]?.key ?? null);
  const [type, setType] = useState<DroppableType>("Signature");
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [zoom, setZoom] = useState<number>(FIT_WIDTH);
  const [, setOpenedVersion] = useState(0);
  const helpId = useId();
  useEffect(() => {
    if (props.focusHeading) document.getElementById("send-fields-heading")?.focus();
  }, []);

  // Keep the choices valid when documents or signers change.
  const doc = documents.find((d) => d.key === docKey) ?? documents[0] ?? null;
  const signer = signers.find((s) => s.key === signerKey) ?? signers[0] ?? null;

  // Open each chosen document once, one after the other: its pages and the tags in it.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      for (const d of documents) {
        if (cancelled) return;
        if (opened.current.has(d.key) || layouts.get(d.key)) continue;
        try {
          const { openPdf } = await import(/* webpackChunkName: "send-pdf" */ "../../send/pdf-engine");
          const bytes = await pdfBytes(d);
          const pdf = await openPdf(bytes);
          if (cancelled) {
            void pdf.close();
            return;
          }
          opened.current.set(d.key, pdf);
          onLayout(d.key, { pages: pdf.pages, tags: pdf.tags });
          setOpenedVersion((n) => n + 1);
        } catch (error) {
          if (cancelled) return;
          onLayout(d.key, { error: error instanceof Error ? error.message : String(error) });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // layouts changes each time one opens: only the list of documents restarts the loop.
  }, [documents.map((d) => d.key).join("\n")]);

  // Documents that are opened again (a restored draft has layouts but no pdf.js document yet).
  useEffect(() => {
    if (!doc || opened.current.has(doc.key)) return;
    const layout = layouts.get(doc.key);
    if (!layout || "error" in layout) return;
    let cancelled = false;
    void (async () => {
      try {
        const { openPdf } = await import(/* webpackChunkName: "send-pdf" */ "../../send/pdf-engine");
        const pdf = await openPdf(await pdfBytes(doc));
        if (cancelled) return void pdf.close();
        opened.current.set(doc.key, pdf);
        setOpenedVersion((n) => n + 1);
      } catch {
        // the layout stays; the page is shown without its picture
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [doc?.key]);

  useEffect(
    () => () => {
      for (const pdf of opened.current.values()) void pdf.close();
      opened.current.clear();
    },
    [],
  );

  const layout = doc ? layouts.get(doc.key) : undefined;
  const pages = layout && !("error" in layout) ? layout.pages : [];
  const pageSize = pages[page - 1];
  useEffect(() => {
    if (page > pages.length && pages.length > 0) setPage(1);
  }, [pages.length]);

  const docFields = fields.filter((f) => doc && f.docKey === doc.key);
  const pageFields = docFields.filter((f) => f.page === page);
  const pageTags = layout && !("error" in layout) ? layout.tags.filter((t) => t.page === page) : [];

  const replaceField = (next: PlacedField) =>
    onFieldsChange(fields.map((f) => (f.id === next.id ? next : f)));
  const removeField = (id: string) => {
    const field = fields.find((f) => f.id === id);
    onFieldsChange(fields.filter((f) => f.id !== id));
    if (field) setAnnouncement(`Removed: ${describeField(field, rows)}.`);
    setSelected(null);
  };
  const addField = (at: { x: number; y: number }) => {
    if (!doc || !pageSize || !signer) return;
    const field = dropField(newFieldId(), doc.key, page, pageSize, at, type, signer.key);
    onFieldsChange([...fields, field]);
    setSelected(field.id);
    setAnnouncement(`Added: ${describeField(field, rows)}.`);
    return field;
  };

  if (documents.length === 0) {
    return (
      <section className={styles.root} aria-labelledby="send-fields-heading">
        <Subtitle2 as="h3" id="send-fields-heading" tabIndex={-1}>
          {props.heading ?? "3. Fields"}
        </Subtitle2>
        <Body1>Choose a document in step 1 first.</Body1>
      </section>
    );
  }

  return (
    <section className={styles.root} aria-labelledby="send-fields-heading">
      <Subtitle2 as="h3" id="send-fields-heading" tabIndex={-1}>
        {props.heading ?? "3. Fields"}
      </Subtitle2>
      <div className={styles.row}>
        <Field label="Document" className={styles.grow}>
          <Select
            value={doc?.key ?? ""}
            onChange={(_, data) => {
              setDocKey(data.value);
              setPage(1);
            }}
          >
            {documents.map((d) => (
              <option key={d.key} value={d.key}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {!layout ? (
        <Spinner size="tiny" label={`Opening ${doc?.name ?? "the document"}…`} labelPosition="after" />
      ) : "error" in layout ? (
        <Body1 className={styles.error} role="alert">
          {`“${doc?.name}” cannot be shown: ${layout.error}`}
        </Body1>
      ) : (
        <>
          <ol className={styles.thumbs} aria-label={`Pages of ${doc?.name}`}>
            {pages.map((size, i) => (
              <li key={i}>
                <Button
                  className={styles.thumb}
                  appearance={page === i + 1 ? "primary" : "subtle"}
                  aria-current={page === i + 1 ? "page" : undefined}
                  aria-label={`Page ${i + 1}${countLabel(docFields.filter((f) => f.page === i + 1).length)}`}
                  onClick={() => setPage(i + 1)}
                >
                  <Thumbnail pdf={doc ? opened.current.get(doc.key) : undefined} page={i + 1} size={size} />
                  <Caption1>{i + 1}</Caption1>
                </Button>
              </li>
            ))}
          </ol>
          <div className={styles.row}>
            <Field label="Signer" className={styles.grow}>
              <Select value={signer?.key ?? ""} onChange={(_, data) => setSignerKey(data.value)}>
                {signers.map((s) => (
                  <option key={s.key} value={s.key}>
                    {`${indexes.get(s.key)}. ${describeSigner(s)}`}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Field type" className={styles.grow}>
              <Select value={type} onChange={(_, data) => setType(data.value as DroppableType)}>
                {DROPPABLE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {FIELD_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div className={styles.row}>
            <Caption1 id={helpId} className={styles.grow}>
              {signer
                ? `Click on the page to add a ${FIELD_TYPE_LABELS[type].toLowerCase()} field for ${describeSigner(signer)}. Drag a field or use the arrow keys to move it; Shift with the arrow keys or its corner resizes it; Delete removes it.`
                : "Choose a signer in step 2 first."}
            </Caption1>
            <Button
              size="small"
              icon={<AddRegular />}
              disabled={!signer || !pageSize}
              onClick={() => {
                if (!pageSize) return;
                const field = addField({ x: pageSize.width / 2, y: pageSize.height / 2 });
                if (field) requestAnimationFrame(() => document.getElementById(field.id)?.focus());
              }}
            >
              Add to this page
            </Button>
          </div>
          {pageSize ? (
            <div className={styles.zoomBar} role="group" aria-label="Zoom">
              <Button
                size="small"
                appearance="subtle"
                icon={<ZoomOutRegular />}
                aria-label="Zoom out"
                disabled={zoom <= ZOOM_LEVELS[0]}
                onClick={() => setZoom((z) => nextZoom(z, -1))}
              />
              <Caption1
                className={styles.zoomValue}
                aria-live="polite"
              >{`${Math.round(zoom * 100)}%`}</Caption1>
              <Button
                size="small"
                appearance="subtle"
                icon={<ZoomInRegular />}
                aria-label="Zoom in"
                disabled={zoom >= ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!}
                onClick={() => setZoom((z) => nextZoom(z, 1))}
              />
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowAutofitWidthRegular />}
                onClick={() => setZoom(FIT_WIDTH)}
              >
                Fit width
              </Button>
            </div>
          ) : null}
          {pageSize ? (
            <PageView
              zoom={zoom}
              onZoom={setZoom}
              key={`${doc?.key}:${page}`}
              pdf={doc ? opened.current.get(doc.key) : undefined}
              page={page}
              size={pageSize}
              tags={pageTags}
              fields={pageFields}
              rows={rows}
              indexes={indexes}
              selected={selected}
              helpId={helpId}
              label={`Page ${page} of ${doc?.name}`}
              onDrop={(at) => addField(at)}
              onSelect={setSelected}
              onChange={replaceField}
              onRemove={removeField}
            />
          ) : null}
          <TagSummary tags={layout.tags} indexes={indexes} rows={rows} />
          <div>
            <Body1 as="p">
              {docFields.length === 0
                ? "No fields added to this document yet."
                : "Fields added to this document:"}
            </Body1>
            <ul className={styles.list} aria-label={`Fields added to ${doc?.name}`}>
              {docFields.map((f) => {
                const index = indexes.get(f.signerKey);
                return (
                  <li key={f.id} className={styles.listItem}>
                    <span
                      className={styles.swatch}
                      style={{ backgroundColor: index ? signerColour(index) : tokens.colorNeutralStroke1 }}
                      aria-hidden
                    />
                    <Caption1 className={styles.grow}>{describeField(f, rows)}</Caption1>
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={`Remove ${describeField(f, rows)}`}
                      onClick={() => removeField(f.id)}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}
      {props.tagOptions === false ? null : (
        <>
          <div className={styles.row}>
            <Field
              label="Tag format"
              className={styles.grow}
              hint={`How the added fields are written into the PDF, e.g. ${FORMAT_EXAMPLES[props.tagFormat]}`}
            >
              <Select
                value={props.tagFormat}
                onChange={(_, data) => props.onOptions({ tagFormat: data.value as TagFormat })}
              >
                {(Object.keys(FORMAT_LABELS) as TagFormat[]).map((f) => (
                  <option key={f} value={f}>
                    {FORMAT_LABELS[f]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Switch
            checked={props.visibleTags}
            onChange={(_, data) => props.onOptions({ visibleTags: data.checked })}
            label="Show the tag text in black (white, so invisible, by default)"
          />
          <Switch
            checked={props.signatureBlock}
            onChange={(_, data) => props.onOptions({ signatureBlock: data.checked })}
            label="Add a signature block page (name, signature and date for every signer)"
          />
        </>
      )}
      <div aria-live="polite" className={styles.live}>
        {announcement}
      </div>
    </section>
  );
}

const countLabel = (n: number) => (n === 0 ? "" : n === 1 ? ", 1 field added" : `, ${n} fields added`);

function Thumbnail({ pdf, page, size }: { pdf: OpenedPdf | undefined; page: number; size: PageSize }) {
  const styles = useStyles();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!pdf || !element) return;
    // Many pages: draw a thumbnail only once it scrolls into view.
    if (typeof IntersectionObserver === "undefined")
      return void pdf.render(page, element, 44).catch(() => undefined);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void pdf.render(page, element, 44).catch(() => undefined);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [pdf, page]);
  return (
    <canvas
      ref={canvas}
      className={styles.thumbCanvas}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      aria-hidden
    />
  );
}

interface PageViewProps {
  /** The page's width as a share of the pane's (1: fit width). */
  zoom: number;
  onZoom(zoom: number): void;
  pdf: OpenedPdf | undefined;
  page: number;
  size: PageSize;
  tags: readonly FoundTag[];
  fields: readonly PlacedField[];
  rows: readonly SignerRow[];
  indexes: ReadonlyMap<string, number>;
  selected: string | null;
  helpId: string;
  label: string;
  onDrop(at: { x: number; y: number }): void;
  onSelect(id: string | null): void;
  onChange(field: PlacedField): void;
  onRemove(id: string): void;
}

type Drag = {
  id: string;
  mode: "move" | "resize";
  startX: number;
  startY: number;
  original: PlacedField;
  moved: boolean;
};

function PageView(props: PageViewProps) {
  const styles = useStyles();
  const { pdf, page, size, tags, fields, rows, indexes } = props;
  const box = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  // The page's shown width in pixels (pane width × zoom): the badges are placed in pixels.
  const [shownWidth, setShownWidth] = useState(0);
  // The page's words (points): badges keep off them.
  const [words, setWords] = useState<readonly Rect[]>([]);
  useEffect(() => {
    let cancelled = false;
    setWords([]);
    void pdf?.textBoxes(page).then((boxes) => !cancelled && setWords(boxes));
    return () => {
      cancelled = true;
    };
  }, [pdf, page]);

  // Draw the page, again when the pane is resized or the zoom changes its width.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const draw = () => {
      setShownWidth(element.clientWidth);
      if (pdf && canvas.current)
        void pdf.render(page, canvas.current, element.clientWidth).catch(() => undefined);
    };
    draw();
    if (typeof ResizeObserver === "undefined") return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        draw();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [pdf, page]);

  // Zooming keeps the top-left of what was shown where it was: documents are read from the left, and
  // zooming in from the pane's width on the middle would hide the labels at the left margin.
  const shownZoom = useRef(props.zoom);
  useLayoutEffect(() => {
    const v = viewport.current;
    const ratio = props.zoom / shownZoom.current;
    shownZoom.current = props.zoom;
    if (!v || ratio === 1) return;
    v.scrollLeft *= ratio;
    v.scrollTop *= ratio;
  }, [props.zoom]);

  /** Points per screen pixel. */
  const scale = useCallback(
    () => size.width / (box.current?.getBoundingClientRect().width || size.width),
    [size],
  );

  const onPagePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target !== box.current && event.target !== canvas.current) return;
    props.onDrop(toPagePoint(event.clientX, event.clientY, box.current!.getBoundingClientRect(), size));
  };

  // +, - and 0 on the preview zoom in, out and back to the pane's width (the buttons do the same).
  const onViewportKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== viewport.current || event.ctrlKey || event.metaKey || event.altKey) return;
    const next =
      event.key === "+" || event.key === "="
        ? nextZoom(props.zoom, 1)
        : event.key === "-"
          ? nextZoom(props.zoom, -1)
          : event.key === "0"
            ? FIT_WIDTH
            : null;
    if (next === null) return;
    event.preventDefault();
    props.onZoom(next);
  };

  // Each badge beside its box, clear of the other boxes, the tags' text and the badges placed before.
  const k = (shownWidth || size.width) / size.width; // pixels per point
  const pagePx = { width: size.width * k, height: size.height * k };
  const avoid: Rect[] = [
    ...words.map((w) => toPixels(w, k)),
    ...tags.flatMap((t) => [toPixels(t, k), toPixels(t.field, k)]),
    ...fields.map((f) => toPixels(f, k)),
  ];
  const badgeAt = (boxPt: Rect, text: string, border: number) => {
    const boxPx = toPixels(boxPt, k);
    const at = badgePlacement(boxPx, { width: badgeWidth(text), height: BADGE_HEIGHT }, pagePx, avoid);
    avoid.push(at);
    // Relative to the box's padding edge (inside its border), as an absolutely placed child is.
    return { left: `${at.x - boxPx.x - border}px`, top: `${at.y - boxPx.y - border}px` };
  };

  const startDrag = (event: PointerEvent<HTMLElement>, field: PlacedField, mode: Drag["mode"]) => {
    event.stopPropagation();
    if (event.button !== 0) return;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    drag.current = {
      id: field.id,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      original: field,
      moved: false,
    };
    props.onSelect(field.id);
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const k = scale();
    const dx = (event.clientX - d.startX) * k;
    const dy = (event.clientY - d.startY) * k;
    if (Math.abs(dx) + Math.abs(dy) > 1) d.moved = true;
    props.onChange(nudgeField(d.original, size, d.mode === "move" ? { dx, dy } : { dw: dx, dh: dy }));
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    event.stopPropagation();
    drag.current = null;
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, field: PlacedField) => {
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-NUDGE, 0],
      ArrowRight: [NUDGE, 0],
      ArrowUp: [0, -NUDGE],
      ArrowDown: [0, NUDGE],
    };
    const d = delta[event.key];
    if (d) {
      event.preventDefault();
      props.onChange(
        nudgeField(field, size, event.shiftKey ? { dw: d[0], dh: d[1] } : { dx: d[0], dy: d[1] }),
      );
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      props.onRemove(field.id);
    }
  };

  return (
    <div
      ref={viewport}
      className={styles.viewport}
      role="region"
      aria-label={`${props.label}, zoom ${Math.round(props.zoom * 100)}%`}
      tabIndex={0}
      onKeyDown={onViewportKey}
      data-testid="send-page-viewport"
    >
      <div
        ref={box}
        className={styles.page}
        style={{ aspectRatio: `${size.width} / ${size.height}`, width: `${props.zoom * 100}%` }}
        onPointerUp={onPagePointerUp}
        role="group"
        aria-label={props.label}
        data-testid="send-page"
        data-page-width={size.width}
        data-page-height={size.height}
      >
        <canvas ref={canvas} className={styles.canvas} aria-hidden />
        {tags.map((tag, i) => {
          const index = tag.signerIndex ?? 0;
          const known = tag.error === null && index > 0 && index <= indexes.size;
          const colour = known ? signerColour(index) : "#c50f1f";
          return (
            <div
              key={`t${i}`}
              className={styles.tag}
              style={{
                // The field the tag will make, where the service will place it (on the tag's line).
                left: pct(tag.field.x, size.width),
                top: pct(tag.field.y, size.height),
                width: pct(tag.field.width, size.width),
                height: pct(tag.field.height, size.height),
                borderColor: colour,
              }}
              title={tag.text}
              aria-hidden
              data-testid="send-tag-box"
            >
              <span
                className={styles.badge}
                style={{ backgroundColor: colour, ...badgeAt(tag.field, known ? `${index}` : "!", 1) }}
                data-testid="send-tag-badge"
              >
                {known ? `${index}` : "!"}
              </span>
            </div>
          );
        })}
        {fields.map((field) => {
          const index = indexes.get(field.signerKey);
          const colour = index ? signerColour(index) : "#616161";
          return (
            <button
              key={field.id}
              id={field.id}
              type="button"
              className={mergeClasses(styles.field, props.selected === field.id && styles.selected)}
              style={{
                left: pct(field.x, size.width),
                top: pct(field.y, size.height),
                width: pct(field.width, size.width),
                height: pct(field.height, size.height),
                borderColor: colour,
                // A light tint: the page's text under a field the user dropped still shows through.
                backgroundColor: `${colour}1f`,
              }}
              // Starts with the label shown on the box ("2 Signature"), as speech input needs.
              aria-label={`${index ?? "?"} ${describeField(field, rows)}`}
              aria-describedby={props.helpId}
              data-testid="send-field"
              onPointerDown={(e) => startDrag(e, field, "move")}
              onPointerMove={moveDrag}
              onPointerUp={endDrag}
              onFocus={() => props.onSelect(field.id)}
              onKeyDown={(e) => onKey(e, field)}
            >
              <span
                className={styles.badge}
                style={{
                  backgroundColor: colour,
                  ...badgeAt(field, `${index ?? "?"} ${FIELD_TYPE_LABELS[field.type]}`, 2),
                }}
                data-testid="send-field-badge"
              >
                {`${index ?? "?"} ${FIELD_TYPE_LABELS[field.type]}`}
              </span>
              <span
                className={styles.handle}
                aria-hidden
                onPointerDown={(e) => startDrag(e, field, "resize")}
                onPointerMove={moveDrag}
                onPointerUp={endDrag}
              />
            </button>
          );
        })}
      </div>
    </div>
  );
}

function TagSummary({
  tags,
  indexes,
  rows,
}: {
  tags: readonly FoundTag[];
  indexes: ReadonlyMap<string, number>;
  rows: readonly SignerRow[];
}) {
  const styles = useStyles();
  if (tags.length === 0)
    return <Caption1 className={styles.muted}>No text tags were found in this document.</Caption1>;
  const bySigner = new Map<number, number>();
  let unreadable = 0;
  let unknown = 0;
  for (const t of tags) {
    if (t.error !== null || t.signerIndex === null) unreadable++;
    else if (t.signerIndex > indexes.size) unknown++;
    else bySigner.set(t.signerIndex, (bySigner.get(t.signerIndex) ?? 0) + 1);
  }
  const names = new Map([...indexes].map(([key, i]) => [i, rows.find((r) => r.key === key)]));
  const parts = [...bySigner]
    .sort((a, b) => a[0] - b[0])
    .map(([i, n]) => `${n} for ${names.get(i) ? describeSigner(names.get(i)!) : `signer ${i}`}`);
  if (unknown) parts.push(`${unknown} for a signer who is not on the list`);
  if (unreadable) parts.push(`${unreadable} that cannot be read`);
  return <Caption1>{`Tags already in this document (dashed boxes): ${parts.join(", ")}.`}</Caption1>;
}
