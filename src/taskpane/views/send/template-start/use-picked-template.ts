/**
 * Which template "Start from a template" shows the roles of: none (the list) until one is picked, or
 * the template reopened to change who fills its roles (read again; gone, the list instead). Going back
 * to the list forgets the reopened choices and puts the focus in the search box.
 */
import { useEffect, useRef, useState } from "react";
import type { Template, TemplatesApi } from "../../../../api/templates";
import type { RoleFills } from "../../../send/template";

export function usePickedTemplate(
  templates: TemplatesApi,
  initial: { templateId: string; fills: RoleFills } | null | undefined,
) {
  const [picked, setPicked] = useState<Template | null>(null);
  const [initialFills, setInitialFills] = useState<RoleFills | null>(initial?.fills ?? null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Reopened for a template already used: straight to its roles.
  useEffect(() => {
    if (!initial) return;
    const abort = new AbortController();
    templates.get(initial.templateId, { signal: abort.signal }).then(setPicked, () => undefined); // gone: the list instead
    return () => abort.abort();
  }, []);

  const back = () => {
    setPicked(null);
    setInitialFills(null);
    // After the list is back in the page, where its search box is.
    setTimeout(() => searchRef.current?.focus(), 0);
  };

  return { picked, pick: setPicked, kept: initialFills, searchRef, back };
}
