/**
 * A field's value in its box on the page, whole: the text shrinks until it fits the box's width, as
 * completion does when it draws the value into the PDF (src/service/pdf/flatten.ts, layoutText), and
 * below the smallest size it wraps, as there, when the lines then fit the box. It is measured again
 * whenever the box changes size (the page follows the window's width).
 */
import { useLayoutEffect, useRef, type ReactNode } from "react";

/** Pixels; the PDF's floor is 6 points of the page (MIN_TEXT_SIZE), the screen's is 6 pixels. */
export const MIN_FIELD_TEXT_PX = 6;

/** Sets the element's font size to the largest (up to its style sheet's) at which its text fits its width. */
export function fitText(element: HTMLElement): void {
  element.style.fontSize = "";
  element.style.whiteSpace = "";
  const overflows = () => element.scrollWidth > element.clientWidth;
  if (!overflows()) return;
  let size = parseFloat(getComputedStyle(element).fontSize);
  if (!Number.isFinite(size) || element.scrollWidth === 0) return;
  // A first guess in proportion, then half pixels down until it fits.
  size = Math.max(
    MIN_FIELD_TEXT_PX,
    Math.floor(((size * element.clientWidth) / element.scrollWidth) * 2) / 2,
  );
  element.style.fontSize = `${size}px`;
  while (overflows() && size > MIN_FIELD_TEXT_PX) {
    size = Math.max(MIN_FIELD_TEXT_PX, size - 0.5);
    element.style.fontSize = `${size}px`;
  }
  // Wrapped if the lines then fit the box's height; else one line, and the style sheet's ellipsis
  // says that more is there (the PDF leaves out the lines that do not fit).
  const box = element.parentElement;
  if (!overflows() || !box) return;
  element.style.whiteSpace = "normal";
  if (element.scrollHeight > box.clientHeight || overflows()) element.style.whiteSpace = "";
}

export function FieldValue({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  const span = useRef<HTMLSpanElement>(null);
  const text = typeof children === "string" ? children : null;

  useLayoutEffect(() => {
    const element = span.current;
    // Only text is fitted: a drawn signature is an image the style sheet already keeps inside.
    if (!element || text === null) return;
    fitText(element);
    const box = element.parentElement;
    if (!box || typeof ResizeObserver === "undefined") return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      fitText(element);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [text]);

  return (
    <span ref={span} className="field-value" aria-hidden={hidden ? "true" : undefined}>
      {children}
    </span>
  );
}
