export * from './port.ts';
export type * from './database.ts';
export { openPgliteDatabase } from './pglite-database.ts';
export { DataDirInUseError, lockDataDir, type LockHolder } from './data-dir-lock.ts';
export { openPostgresDatabase, type PostgresDatabaseOptions } from './pg-database.ts';
export { migrateEventStore } from './schema.ts';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.ts';
export { isConnectionError } from './connection-errors.ts';
export { createEventVersioning, UnknownEventVersionError, type EventSchema, type EventSchemas, type EventVersioning } from './versioning.ts';
