/** The item's custom properties (Mailbox 1.1): add-in data kept with the message itself. */
import type { OfficeContext } from "./office-context";
import type { OutlookHost } from "./types";

export function propertiesOf(context: OfficeContext): Pick<OutlookHost, "itemProperty" | "setItemProperty"> {
  const { call, requireItem, notSupported } = context;

  const loadCustomProperties = async (): Promise<Office.CustomProperties> => {
    const item = requireItem();
    const load: Office.MessageRead["loadCustomPropertiesAsync"] | undefined = item.loadCustomPropertiesAsync;
    if (typeof load !== "function") {
      throw notSupported("loadCustomPropertiesAsync", "keep add-in data with a message");
    }
    const properties = await call<Office.CustomProperties>("loadCustomPropertiesAsync", (callback) =>
      load.call(item, callback),
    );
    if (!properties || typeof properties.get !== "function") {
      throw notSupported("loadCustomPropertiesAsync", "keep add-in data with a message");
    }
    return properties;
  };

  return {
    async itemProperty(name: string) {
      const properties = await loadCustomProperties();
      const value: unknown = properties.get(name);
      return typeof value === "string" && value !== "" ? value : null;
    },

    async setItemProperty(name: string, value: string) {
      const properties = await loadCustomProperties();
      properties.set(name, value);
      await call<void>("customProperties.saveAsync", (callback) => properties.saveAsync(callback));
    },
  };
}
