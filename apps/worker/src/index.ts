export * from './jobs.ts';
export * from './worker.ts';
