import { makeStyles, tokens } from "@fluentui/react-components";
import { ApiErrorMessage } from "../../components/ApiErrorMessage";
import { ButtonRow } from "./ButtonRow";
import { InfoNotice } from "./InfoNotice";
import { SeeInStatus } from "./SeeInStatus";
import type { Stopped } from "./phase-reducer";

const useStyles = makeStyles({
  status: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

/** What became of the package when the user stopped waiting, and where to find it. */
export function StoppedNotice({
  stopped,
  onStatus,
}: {
  stopped: Stopped;
  onStatus(packageId: string): void;
}) {
  const styles = useStyles();
  const status = (
    <ButtonRow>
      <SeeInStatus packageId={stopped.packageId} onStatus={onStatus} />
    </ButtonRow>
  );
  if (stopped.error)
    return (
      <div className={styles.status}>
        <ApiErrorMessage title="Not discarded: it waits in Status" error={stopped.error} />
        {status}
      </div>
    );
  return (
    <div className={styles.status}>
      <InfoNotice title={stopped.how === "discarded" ? "Discarded" : "Kept in Status"}>
        {stopped.how === "discarded"
          ? "Nobody can sign it now. Your choices and fields are still here to start again."
          : "You can sign it later from Status. Your choices and fields are still here to start again."}
      </InfoNotice>
      {stopped.how === "kept" ? status : null}
    </div>
  );
}
