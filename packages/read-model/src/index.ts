export * from './config.ts';
export * from './db.ts';
export * from './migrate.ts';
export * from './blobs.ts';
export * from './heartbeat.ts';
export * from './boot.ts';
export { migrations, migrationSource } from './migrations/index.ts';
export type * from './tables.ts';
export * from './lists.ts';
