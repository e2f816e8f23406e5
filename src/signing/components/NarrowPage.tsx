/** A page of a heading and a few lines (opening, not valid, failed, the access code), under the brand. */
import type { ReactNode, RefObject } from "react";

export function NarrowPage({
  title,
  headingRef,
  busy,
  children,
}: {
  title: string;
  /** The heading takes the focus when the page is new (App). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <main className="page narrow" aria-busy={busy || undefined}>
      <p className="brand">Sign for Outlook</p>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </main>
  );
}
