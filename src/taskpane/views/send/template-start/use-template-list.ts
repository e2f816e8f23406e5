/**
 * The tenant's templates as the picker lists them: the search typed (settled before the service is
 * asked), the pages shown so far read again together, and a retry after a failed read.
 */
import { useEffect, useState } from "react";
import type { Template, TemplatesApi } from "../../../../api/templates";

const PAGE_SIZE = 25;

export type TemplateListState =
  | { status: "loading" }
  | { status: "ready"; items: Template[]; totalCount: number; more: boolean }
  | { status: "failed"; error: unknown };

export function useTemplateList(templates: TemplatesApi) {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState(1);
  const [state, setState] = useState<TemplateListState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // Typing settles for 250 ms before the service is asked.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPages(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    const abort = new AbortController();
    // "Show more" keeps the list shown while the next page comes; anything else shows the spinner.
    setState((s) => (s.status === "ready" && pages > 1 ? s : { status: "loading" }));
    void (async () => {
      try {
        const items: Template[] = [];
        let last = { totalCount: 0, totalPages: 0 };
        for (let page = 1; page <= pages; page++) {
          const list = await templates.list(
            { page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
            { signal: abort.signal },
          );
          items.push(...list.items);
          last = list;
        }
        setState({ status: "ready", items, totalCount: last.totalCount, more: pages < last.totalPages });
      } catch (error) {
        if (!abort.signal.aborted) setState({ status: "failed", error });
      }
    })();
    return () => abort.abort();
  }, [search, pages, attempt, templates]);

  return {
    typed,
    setTyped,
    /** The search the list answers (the typed text once settled). */
    search,
    state,
    retry: () => setAttempt((n) => n + 1),
    showMore: () => setPages((n) => n + 1),
  };
}
