/**
 * The signer's values and their saving: every value is saved as the signer goes (PUT .../fields/{id}), one
 * request at a time per field; typed text waits for a pause in typing. Holds each field's save state and message.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { SigningApiError, type SigningApi } from "../../api";
import { checkValue } from "../../fields";
import type { SigningField } from "../../types";
import type { SaveState } from "../FieldEditor";
import { entriesSavedOf } from "./entries-saved";
import { linkChanged } from "./link-changed";

type Dict<T> = Record<string, T>;

/** When the signer pauses typing this long, the text is saved. */
const TYPING_PAUSE_MS = 700;

export type FieldSaves = ReturnType<typeof useFieldSaves>;

export function useFieldSaves({
  api,
  fields,
  inputs,
  onReload,
}: {
  api: SigningApi;
  fields: readonly SigningField[];
  /** The fields the signer fills in. */
  inputs: readonly SigningField[];
  onReload: () => void;
}) {
  const initial = useMemo(() => Object.fromEntries(fields.map((f) => [f.id, f.value])), [fields]);
  const [values, setValues] = useState<Dict<string | null>>(initial);
  const saved = useRef<Dict<string | null>>({ ...initial });
  const [saveStates, setSaveStates] = useState<Dict<SaveState>>({});
  const [errors, setErrors] = useState<Dict<string | null>>({});
  const chains = useRef(new Map<string, Promise<void>>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const valuesRef = useRef(values);
  valuesRef.current = values;

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => clearTimeout(t));
  }, []);

  const setError = useCallback((id: string, message: string | null) => {
    setErrors((e) => (e[id] === message ? e : { ...e, [id]: message }));
  }, []);
  const setSaveState = useCallback((id: string, state: SaveState) => {
    setSaveStates((s) => ({ ...s, [id]: state }));
  }, []);

  const writeFailed = useCallback(
    (field: SigningField, error: unknown) => {
      setSaveState(field.id, "failed");
      if (error instanceof SigningApiError) {
        if (linkChanged(error)) {
          onReload();
          return;
        }
        const own = error.fieldProblems.find((p) => p.fieldId === field.id);
        if (error.code === "network") {
          setError(
            field.id,
            "Not saved: the service could not be reached. What you entered is kept; try again.",
          );
        } else {
          setError(field.id, `Not saved: ${own?.message ?? error.message}`);
        }
        return;
      }
      setError(field.id, `Not saved: ${error instanceof Error ? error.message : String(error)}`);
    },
    [onReload, setError, setSaveState],
  );

  /** Saves a value of a field now (after the field's earlier saves), unless it is what the service has. */
  const save = useCallback(
    (field: SigningField, value: string | null) => {
      const timer = timers.current.get(field.id);
      if (timer) clearTimeout(timer);
      timers.current.delete(field.id);
      const problem = checkValue(field, value);
      if (problem) {
        setError(field.id, problem);
        setSaveState(field.id, "failed");
        return;
      }
      const previous = chains.current.get(field.id) ?? Promise.resolve();
      const next = previous.then(async () => {
        if (value === saved.current[field.id]) {
          setError(field.id, null);
          setSaveStates((s) =>
            s[field.id] === "pending" || s[field.id] === "failed" ? { ...s, [field.id]: "saved" } : s,
          );
          return;
        }
        setSaveState(field.id, "saving");
        try {
          const result = await api.saveField(field.id, value);
          saved.current[field.id] = result.value;
          setSaveState(field.id, "saved");
          setError(field.id, null);
        } catch (error) {
          writeFailed(field, error);
        }
      });
      chains.current.set(field.id, next);
    },
    [api, setError, setSaveState, writeFailed],
  );

  const attach = useCallback(
    (field: SigningField, file: File) => {
      setError(field.id, null);
      const previous = chains.current.get(field.id) ?? Promise.resolve();
      const next = previous.then(async () => {
        setSaveState(field.id, "saving");
        try {
          const result = await api.attach(field.id, file);
          saved.current[field.id] = result.value;
          setValues((v) => ({ ...v, [field.id]: result.value }));
          setSaveState(field.id, "saved");
        } catch (error) {
          writeFailed(field, error);
        }
      });
      chains.current.set(field.id, next);
    },
    [api, setError, setSaveState, writeFailed],
  );

  /** Typed text: shown at once, saved when the signer pauses (or leaves the control). */
  const change = useCallback(
    (field: SigningField, value: string | null) => {
      setValues((v) => ({ ...v, [field.id]: value }));
      setSaveState(field.id, "pending");
      const timer = timers.current.get(field.id);
      if (timer) clearTimeout(timer);
      timers.current.set(
        field.id,
        setTimeout(() => save(field, value), TYPING_PAUSE_MS),
      );
    },
    [save, setSaveState],
  );

  const commit = useCallback(
    (field: SigningField, value: string | null) => {
      setValues((v) => ({ ...v, [field.id]: value }));
      save(field, value);
    },
    [save],
  );

  /**
   * Saves every value the service does not have yet (text waiting for a pause in typing, a save that
   * failed on the network), then waits for every save.
   */
  const flush = useCallback(async () => {
    for (const field of inputs) {
      if (field.type === "Attachment") continue;
      const value = valuesRef.current[field.id] ?? null;
      if (timers.current.has(field.id) || value !== saved.current[field.id]) save(field, value);
    }
    await Promise.all(chains.current.values());
  }, [inputs, save]);

  /** Before leaving a field: text still waiting for a pause in typing is saved now. */
  function saveTyped(field: SigningField | null) {
    if (field && timers.current.has(field.id)) save(field, values[field.id] ?? null);
  }

  /** Whether a field's value is what the service has. */
  function isSaved(field: SigningField): boolean {
    return valuesRef.current[field.id] === saved.current[field.id];
  }

  /** Messages next to fields, several at once (Finish's findings). */
  function setErrorsOf(messages: ReadonlyArray<readonly [string, string]>) {
    setErrors((e) => {
      const out = { ...e };
      for (const [id, message] of messages) out[id] = message;
      return out;
    });
  }

  return {
    values,
    valuesRef,
    errors,
    saveStates,
    entriesSaved: entriesSavedOf(saveStates),
    setError,
    setErrorsOf,
    change,
    commit,
    attach,
    flush,
    saveTyped,
    isSaved,
  };
}
