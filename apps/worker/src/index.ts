export * from './worker.ts';
export * from './jobs.ts';
export * from './context.ts';
export { runWorker } from './run.ts';
