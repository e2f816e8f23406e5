import { Button } from "@fluentui/react-components";

/** "See it in Status", where the package is followed; nothing while there is no package yet. */
export function SeeInStatus({
  packageId,
  onStatus,
}: {
  packageId: string | null;
  onStatus(packageId: string): void;
}) {
  return packageId ? (
    <Button appearance="secondary" onClick={() => onStatus(packageId)}>
      See it in Status
    </Button>
  ) : null;
}
