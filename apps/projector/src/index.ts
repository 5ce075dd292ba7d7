export * from './projector.ts';
export * from './registry.ts';
export * from './replay.ts';
export * from './shared/projection.ts';
export * from './shared/runner.ts';
