// Packages (contract §6.1): the state machine, one file per concern, each operation in one
// transaction; every status change goes through transition.ts. What the routes, the scheduler and the
// other domain modules use is re-exported here.
export * from "./api";
export * from "./bulk";
export { createPackage, createPackageLocked, clonePackage, deletePackage, updatePackage } from "./crud";
export * from "./fields";
export * from "./jobs";
export {
  archivePackage,
  resendPackage,
  updateReminders,
  voidPackage,
  type RemindersInput,
} from "./lifecycle";
export * from "./query";
export * from "./send";
export * from "./validate";
