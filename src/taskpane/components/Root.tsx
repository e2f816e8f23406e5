import { useEffect, useMemo, useState, type ReactNode } from "react";
import { FluentProvider, type Theme } from "@fluentui/react-components";
import type { OfficeClientInfo, OutlookHost } from "../../outlook";
import { HostProvider } from "../host-context";
import { SessionProvider, type SessionProviderProps } from "../session";
import { TelemetryProvider, type TelemetryProviderProps } from "../telemetry";
import {
  FORCED_COLORS_QUERY,
  PREFERS_DARK_QUERY,
  loadTheme,
  loadedTheme,
  mediaMatches,
  themeNameFor,
  type ThemeName,
} from "../theme";

// Not on FluentProvider's className: Fluent copies that class onto every portal node (tooltips,
// dropdowns), and a full-height portal would cover the pane.
const FULL_HEIGHT = { minHeight: "100vh" } as const;

/** Follows a media query (forced colours, colour scheme) as it changes. */
function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => mediaMatches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const list = window.matchMedia(query);
    const update = (): void => setMatches(list.matches);
    update();
    list.addEventListener?.("change", update);
    return () => list.removeEventListener?.("change", update);
  }, [query]);
  return matches;
}

export interface RootProps {
  host: OutlookHost | null;
  children: ReactNode;
  session?: Omit<SessionProviderProps, "children">;
  /** Which Office client runs the pane, for telemetry (src/outlook's officeClientInfo). */
  officeClient?: OfficeClientInfo | null;
  telemetry?: Omit<TelemetryProviderProps, "children" | "office">;
}

/** Theme, Outlook host and session around the pane. */
export function Root({ host, children, session, officeClient = null, telemetry }: RootProps) {
  const forcedColors = useMedia(FORCED_COLORS_QUERY);
  const prefersDark = useMedia(PREFERS_DARK_QUERY);
  const office = useMemo(() => host?.theme() ?? null, [host]);
  const wanted = themeNameFor({ office, forcedColors, prefersDark });
  // Until a theme that is not loaded yet arrives, keep the last one. index.tsx loads the first one
  // before rendering; elsewhere (tests) the pane renders without theme variables until it arrives.
  const [current, setCurrent] = useState<{ name: ThemeName; theme: Theme | undefined }>(() => ({
    name: wanted,
    theme: loadedTheme(wanted),
  }));
  useEffect(() => {
    if (current.name === wanted && current.theme) return;
    const ready = loadedTheme(wanted);
    if (ready) {
      setCurrent({ name: wanted, theme: ready });
      return;
    }
    let active = true;
    loadTheme(wanted)
      .then((theme) => active && setCurrent({ name: wanted, theme }))
      .catch((error: unknown) => console.error("Sign for Outlook: theme not loaded", error));
    return () => {
      active = false;
    };
  }, [wanted, current.name]);
  const { name, theme } = current;

  useEffect(() => {
    // The page behind the provider (overscroll, short content) matches the theme too.
    if (!theme) return;
    document.body.style.backgroundColor = theme.colorNeutralBackground1;
    document.documentElement.style.colorScheme = name === "dark" ? "dark" : "light";
  }, [theme, name]);

  return (
    <FluentProvider theme={theme} style={FULL_HEIGHT} data-theme={name}>
      <HostProvider host={host}>
        <SessionProvider {...session}>
          <TelemetryProvider office={officeClient} {...telemetry}>
            {children}
          </TelemetryProvider>
        </SessionProvider>
      </HostProvider>
    </FluentProvider>
  );
}
