/** Previous, "Page n of m" and Next under All packages' list. */
import { Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  pager: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
  },
});

export default function Pager({
  page,
  totalPages,
  onPrevious,
  onNext,
}: {
  page: number;
  totalPages: number;
  onPrevious(): void;
  onNext(): void;
}) {
  const styles = useStyles();
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Button size="small" disabled={page <= 1} onClick={onPrevious}>
        Previous
      </Button>
      <Caption1>
        Page {page} of {totalPages}
      </Caption1>
      <Button size="small" disabled={page >= totalPages} onClick={onNext}>
        Next
      </Button>
    </nav>
  );
}
