// The app database's tables, one file per area; drizzle-kit reads them all from here (drizzle.config.ts).
// The areas' files import the tables they refer to from schema-core.ts, never from this file, so no
// two schema files load each other.
export * from "./schema-core";
export * from "./schema-index";
export * from "./schema-passages";
export * from "./schema-eval";
export * from "./schema-learned";
export * from "./schema-semantic";
