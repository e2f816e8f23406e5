import { ConfigError } from "./config";
import { startService, stopOnSignals } from "./server";

startService()
  .then((service) => {
    stopOnSignals(service);
    service.app.log.info(
      { url: service.url, database: service.storage.dialect },
      `signing service listening at ${service.url}`,
    );
  })
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  });
