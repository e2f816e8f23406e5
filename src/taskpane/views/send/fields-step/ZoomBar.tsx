/** Zoom out, the zoom in percent, zoom in and "Fit width" above the page (the page's +, - and 0 do the same). */
import { Button, Caption1, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowAutofitWidthRegular, ZoomInRegular, ZoomOutRegular } from "@fluentui/react-icons";
import { FIT_WIDTH, ZOOM_LEVELS, nextZoom } from "../../../send/page-geometry";

const useStyles = makeStyles({
  zoomBar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  zoomValue: { minWidth: "40px", textAlign: "center" },
});

export default function ZoomBar({ zoom, onZoom }: { zoom: number; onZoom(zoom: number): void }) {
  const styles = useStyles();
  return (
    <div className={styles.zoomBar} role="group" aria-label="Zoom">
      <Button
        size="small"
        appearance="subtle"
        icon={<ZoomOutRegular />}
        aria-label="Zoom out"
        disabled={zoom <= ZOOM_LEVELS[0]}
        onClick={() => onZoom(nextZoom(zoom, -1))}
      />
      <Caption1 className={styles.zoomValue} aria-live="polite">{`${Math.round(zoom * 100)}%`}</Caption1>
      <Button
        size="small"
        appearance="subtle"
        icon={<ZoomInRegular />}
        aria-label="Zoom in"
        disabled={zoom >= ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!}
        onClick={() => onZoom(nextZoom(zoom, 1))}
      />
      <Button
        size="small"
        appearance="subtle"
        icon={<ArrowAutofitWidthRegular />}
        onClick={() => onZoom(FIT_WIDTH)}
      >
        Fit width
      </Button>
    </div>
  );
}
