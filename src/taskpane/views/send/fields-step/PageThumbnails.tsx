/**
 * The pages of a document as a row of small pictures to choose the page by; each says how many fields
 * were added on it. A picture is drawn once it scrolls into view.
 */
import { useEffect, useRef } from "react";
import { Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import type { PageSize, PlacedField } from "../../../send/fields";
import type { OpenedPdf } from "../../../send/pdf-engine";

const useStyles = makeStyles({
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
});

const countLabel = (n: number) => (n === 0 ? "" : n === 1 ? ", 1 field added" : `, ${n} fields added`);

export default function PageThumbnails(props: {
  pdf: OpenedPdf | undefined;
  name: string | undefined;
  pages: readonly PageSize[];
  page: number;
  fields: readonly PlacedField[];
  onPage(page: number): void;
}) {
  const styles = useStyles();
  const { pdf, pages, page, fields } = props;
  return (
    <ol className={styles.thumbs} aria-label={`Pages of ${props.name}`}>
      {pages.map((size, i) => (
        <li key={i}>
          <Button
            className={styles.thumb}
            appearance={page === i + 1 ? "primary" : "subtle"}
            aria-current={page === i + 1 ? "page" : undefined}
            aria-label={`Page ${i + 1}${countLabel(fields.filter((f) => f.page === i + 1).length)}`}
            onClick={() => props.onPage(i + 1)}
          >
            <Thumbnail pdf={pdf} page={i + 1} size={size} />
            <Caption1>{i + 1}</Caption1>
          </Button>
        </li>
      ))}
    </ol>
  );
}

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
