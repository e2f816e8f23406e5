// Signing groups of a tenant (contract §4): what the routes, schemas and tests import, re-exported here.
export * from "./input";
