import { useState, type Dispatch, type SetStateAction } from "react";

/**
 * State held for one send form, started again (from `initial`) when `generation` says a new form
 * began (another message, or after sending or discarding). Reset while rendering, as the form itself
 * starts, so no frame shows the last form's layouts or errors.
 */
export function useFormState<T>(generation: number, initial: () => T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  const [heldFor, setHeldFor] = useState(generation);
  if (heldFor !== generation) {
    setHeldFor(generation);
    setValue(initial);
  }
  return [value, setValue];
}
