/**
 * One page of a document at its zoom in the fields step: the page drawn by pdf.js, the tags already in
 * it as dashed boxes, and the fields the user dropped, each a button that moves (drag, arrow keys),
 * resizes (its corner, Shift+arrow keys) and goes (Delete). Each box has its signer's number beside
 * it, placed clear of the page's words and the other boxes.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import {
  FIELD_TYPE_LABELS,
  describeField,
  nudgeField,
  signerColour,
  type FoundTag,
  type PageSize,
  type PlacedField,
} from "../../../send/fields";
import {
  FIT_WIDTH,
  badgePlacement,
  nextZoom,
  toPagePoint,
  toPixels,
  type Rect,
} from "../../../send/page-geometry";
import type { OpenedPdf } from "../../../send/pdf-engine";
import type { SignerRow } from "../../../send/signers";

const BADGE_HEIGHT = 14;
/** A badge's width for `text`: 10 px semibold digits and letters are about 6 px wide. */
const badgeWidth = (text: string) => Math.max(BADGE_HEIGHT, Math.ceil(text.length * 6 + 6));

const useStyles = makeStyles({
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
});

const pct = (n: number, of: number) => `${(100 * n) / of}%`;
const NUDGE = 2;

export interface PageViewProps {
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

export default function PageView(props: PageViewProps) {
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
