export { UassetdClient, findDaemon, type PendingRequest, type SpawnOptions } from "./client.js";
export { WRAPPED_FIELDS, ActionMethods } from "./actions.js";
export * from "./actions.js";
export * from "./types.js";
