import { Badge } from "@fluentui/react-components";
import {
  CalendarCancelRegular,
  CheckmarkCircleRegular,
  ClockRegular,
  DismissCircleRegular,
  DraftsRegular,
  EyeRegular,
  PenRegular,
  ProhibitedRegular,
  SendRegular,
} from "@fluentui/react-icons";
import type { StatusIcon, StatusLook } from "../../status/words";

const ICONS: Readonly<Record<StatusIcon, typeof ClockRegular>> = {
  draft: DraftsRegular,
  clock: ClockRegular,
  send: SendRegular,
  eye: EyeRegular,
  pen: PenRegular,
  done: CheckmarkCircleRegular,
  declined: DismissCircleRegular,
  void: ProhibitedRegular,
  expired: CalendarCancelRegular,
};

/** A status in words, with an icon and a colour that repeat them (never the colour alone). */
export function StatusBadge({ look, size = "medium" }: { look: StatusLook; size?: "small" | "medium" }) {
  const Icon = ICONS[look.icon];
  return (
    <Badge
      appearance="tint"
      color={look.color}
      size={size}
      shape="rounded"
      icon={<Icon aria-hidden />}
      data-status={look.words}
    >
      {look.words}
    </Badge>
  );
}
