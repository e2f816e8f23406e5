/**
 * The guide's place: the field it is on, folded or not, and moves (Previous, Next field, a click on a page,
 * after signing) that show the field on its page and put the keyboard in its control.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { hasValue, nextField, previousField } from "../../fields";
import type { SigningField } from "../../types";
import { fieldElementId } from "../DocumentPages";
import type { FieldSaves } from "./use-field-saves";

export type Guide = ReturnType<typeof useGuide>;

export function useGuide(fields: readonly SigningField[], saves: FieldSaves) {
  const { values, valuesRef, saveTyped } = saves;
  const byId = useMemo(() => new Map(fields.map((f) => [f.id, f])), [fields]);
  // The first render's values are the session's.
  const [currentId, setCurrentId] = useState<string | null>(
    () => nextField(fields, values, null)?.id ?? null,
  );
  const editor = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const finishButton = useRef<HTMLButtonElement>(null);
  // The guide folded to its progress line and buttons, so that more of the documents shows.
  const [collapsed, setCollapsed] = useState(false);
  const bodyId = useId();

  const goTo = useCallback((id: string | null) => {
    moved.current = true;
    setCollapsed(false);
    setCurrentId(id);
  }, []);

  // After "Next field", "Previous" or a click on a field: show it on its page and put the keyboard in it.
  useEffect(() => {
    if (!moved.current || currentId === null) return;
    moved.current = false;
    document.getElementById(fieldElementId(currentId))?.scrollIntoView?.({ block: "center" });
    const control = editor.current?.querySelector<HTMLElement>(
      "input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled])",
    );
    control?.focus({ preventScroll: true });
  }, [currentId]);

  const current = currentId ? (byId.get(currentId) ?? null) : null;

  function next() {
    saveTyped(current);
    goTo(nextField(fields, values, currentId)?.id ?? null);
  }

  function previous() {
    goTo(previousField(fields, currentId)?.id ?? null);
  }

  /** A click on a field on its page. */
  function select(id: string) {
    saveTyped(current);
    goTo(id);
  }

  /** After "Sign with this signature": on to the next empty field, or to Finish when none is left. */
  function afterSigned(field: SigningField, png: string) {
    const after = { ...valuesRef.current, [field.id]: png };
    const following = nextField(fields, after, field.id);
    if (following && following.id !== field.id && !hasValue(after[following.id])) goTo(following.id);
    else finishButton.current?.focus();
  }

  return {
    currentId,
    current,
    collapsed,
    toggle: () => setCollapsed((c) => !c),
    bodyId,
    editor,
    finishButton,
    goTo,
    next,
    previous,
    select,
    afterSigned,
  };
}
