/** The platform every app builds on. The queue is imported by its own path (queue.ts): it loads BullMQ. */
export * from './commands.ts';
export * from './consistency.ts';
export * from './counters.ts';
export * from './errors.ts';
export * from './lists.ts';
export * from './lists/index.ts';
export * from './live.ts';
export * from './snapshots.ts';
export * from './sql.ts';
export * from './transactions.ts';
export * from './singletons.ts';
export * from './signed-links.ts';
export * from './outbound.ts';
