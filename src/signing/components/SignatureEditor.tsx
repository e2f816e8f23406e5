/**
 * A signature or initials: typed (the name drawn in the handwriting font, fully usable from the
 * keyboard) or drawn with a mouse, pen or finger (signature_pad, loaded only when chosen). Either
 * way the value sent is a PNG data URL.
 */
import { useEffect, useId, useRef, useState } from "react";
import type SignaturePadType from "signature_pad";
import type { BasicPoint } from "signature_pad";
import { initialsOf } from "../fields";
import { INK, typedSignaturePng } from "../typed-signature";
import { BusyButton } from "./BusyButton";

/**
 * Records the strokes drawn on `canvas` until `stop()`, which answers them: signature_pad loads on
 * demand, and on a slow phone or network the signer may draw before it is there. Without this, those
 * strokes were lost and "Sign with this drawing" stayed off. Points are in the canvas's CSS pixels,
 * as signature_pad's own.
 */
function recordEarlyStrokes(canvas: HTMLCanvasElement): { stop: () => BasicPoint[][] } {
  const strokes: BasicPoint[][] = [];
  let current: BasicPoint[] | null = null;
  const add = (event: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    current?.push({
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
      pressure: event.pressure || 0.5,
      time: Date.now(),
    });
  };
  const down = (event: PointerEvent) => {
    if (event.button !== 0 || current) return;
    event.preventDefault();
    current = [];
    strokes.push(current);
    add(event);
  };
  const move = (event: PointerEvent) => add(event);
  const up = (event: PointerEvent) => {
    add(event);
    current = null;
  };
  canvas.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  return {
    stop() {
      canvas.removeEventListener("pointerdown", down);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      current = null;
      return strokes;
    },
  };
}

export function SignatureEditor({
  kind,
  name,
  value,
  describedBy,
  busy,
  onAdopt,
  onProblem,
}: {
  kind: "Signature" | "Initials";
  /** The signer's name, the typed text to start from. */
  name: string;
  value: string | null;
  /** Ids of the label and error, for the controls. */
  describedBy: string;
  busy: boolean;
  onAdopt: (png: string | null) => void;
  onProblem: (message: string | null) => void;
}) {
  const [mode, setMode] = useState<"type" | "draw">("type");
  const [text, setText] = useState(kind === "Initials" ? initialsOf(name) : name);
  const [empty, setEmpty] = useState(true);
  // With a signature already adopted, the editor stays folded away until the signer asks for it.
  const [editing, setEditing] = useState(value === null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadType | null>(null);
  const textId = useId();
  const word = kind === "Initials" ? "initials" : "signature";
  // The latest onProblem, for the pad's loading effect, which runs again only when mode or editing change.
  const onProblemRef = useRef(onProblem);
  onProblemRef.current = onProblem;

  useEffect(() => {
    if (mode !== "draw" || !editing || !canvas.current) return;
    let cancelled = false;
    const element = canvas.current;
    const early = recordEarlyStrokes(element);
    void import(/* webpackChunkName: "signature-pad" */ "signature_pad").then(
      ({ default: SignaturePad }) => {
        if (cancelled) return;
        const strokes = early.stop();
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        element.width = element.clientWidth * ratio;
        element.height = element.clientHeight * ratio;
        element.getContext("2d")?.scale(ratio, ratio);
        const instance = new SignaturePad(element, { penColor: INK, minWidth: 1, maxWidth: 3 });
        // What was drawn while the pad loaded, drawn now as the pad would have (a single point a dot).
        const { dotSize, minWidth, maxWidth, penColor, velocityFilterWeight, compositeOperation } = instance;
        const style = { dotSize, minWidth, maxWidth, penColor, velocityFilterWeight, compositeOperation };
        instance.fromData(
          strokes.filter((points) => points.length > 0).map((points) => ({ ...style, points })),
        );
        instance.addEventListener("endStroke", () => {
          // signature_pad draws a stroke of two points (a quick stroke on a slow phone: down, one
          // move, up) as a dot where it began; drawn again from its points, it is the line it was.
          const drawn = instance.toData();
          if (drawn[drawn.length - 1]?.points.length === 2) instance.fromData(drawn);
          setEmpty(instance.isEmpty());
        });
        pad.current = instance;
        setEmpty(instance.isEmpty());
      },
      () => {
        if (!cancelled)
          onProblemRef.current(
            "The drawing area did not load. Check your connection, then choose Draw again.",
          );
      },
    );
    return () => {
      cancelled = true;
      early.stop();
      pad.current?.off();
      pad.current = null;
      setEmpty(true);
    };
  }, [mode, editing]);

  async function adoptTyped() {
    // Enter in the name does what the button does while a save is in flight: nothing.
    if (busy) return;
    if (!text.trim()) {
      onProblem(`Type your ${word} first.`);
      return;
    }
    onProblem(null);
    try {
      onAdopt(await typedSignaturePng(text, kind === "Initials" ? 56 : 64));
      setEditing(false);
    } catch (error) {
      onProblem(error instanceof Error ? error.message : String(error));
    }
  }

  function adoptDrawn() {
    if (!pad.current || pad.current.isEmpty()) {
      onProblem(`Draw your ${word} in the box first.`);
      return;
    }
    onProblem(null);
    onAdopt(pad.current.toDataURL("image/png"));
    setEditing(false);
  }

  return (
    <div className="signature-editor">
      {value && (
        <div className="current-signature">
          <img src={value} alt={`Your ${word} as it will appear`} className="ink" />
          <div className="button-row">
            {!editing && (
              <BusyButton type="button" className="button" busy={busy} onClick={() => setEditing(true)}>
                Sign again
              </BusyButton>
            )}
            <BusyButton
              type="button"
              className="button"
              busy={busy}
              onClick={() => {
                onAdopt(null);
                setEditing(true);
              }}
            >
              Clear {word}
            </BusyButton>
          </div>
        </div>
      )}
      {!editing ? null : (
        <>
          <fieldset className="choice-row">
            <legend>How do you want to sign?</legend>
            <label>
              <input
                type="radio"
                name={`${textId}-mode`}
                checked={mode === "type"}
                onChange={() => setMode("type")}
              />
              Type
            </label>
            <label>
              <input
                type="radio"
                name={`${textId}-mode`}
                checked={mode === "draw"}
                onChange={() => setMode("draw")}
              />
              Draw
            </label>
          </fieldset>
          {mode === "type" ? (
            <div className="form-row">
              <label htmlFor={textId}>
                {kind === "Initials" ? "Your initials" : "Your name as you sign it"}
              </label>
              <input
                id={textId}
                type="text"
                value={text}
                maxLength={kind === "Initials" ? 10 : 100}
                aria-describedby={describedBy}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    void adoptTyped();
                  }
                }}
              />
              <p className="typed-preview" aria-hidden="true">
                {text || " "}
              </p>
              <BusyButton
                type="button"
                className="button primary"
                busy={busy}
                onClick={() => void adoptTyped()}
              >
                {value ? `Use this ${word} instead` : `Sign with this ${word}`}
              </BusyButton>
            </div>
          ) : (
            <div className="form-row">
              <canvas
                ref={canvas}
                className={`draw-pad${kind === "Initials" ? " initials" : ""}`}
                role="img"
                aria-label={`Drawing area: draw your ${word} with a mouse, pen or finger`}
              />
              <div className="button-row">
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    pad.current?.clear();
                    setEmpty(true);
                  }}
                >
                  Clear drawing
                </button>
                <BusyButton
                  type="button"
                  className="button primary"
                  disabled={empty}
                  busy={busy}
                  onClick={adoptDrawn}
                >
                  {value ? `Use this drawing instead` : `Sign with this drawing`}
                </BusyButton>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
