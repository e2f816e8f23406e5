import { useEffect } from "react";

/**
 * A file dropped anywhere but the drop box would make the pane's browser open it in place of the
 * add-in: while the caller is shown, such drops are refused (the cursor says so).
 */
export function useRefuseStrayDrops(): void {
  useEffect(() => {
    const refuse = (event: DragEvent): void => {
      if (event.defaultPrevented) return; // the drop box took it
      event.preventDefault();
      if (event.type === "dragover" && event.dataTransfer) event.dataTransfer.dropEffect = "none";
    };
    window.addEventListener("dragover", refuse);
    window.addEventListener("drop", refuse);
    return () => {
      window.removeEventListener("dragover", refuse);
      window.removeEventListener("drop", refuse);
    };
  }, []);
}
