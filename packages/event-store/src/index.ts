export * from './port.ts';
export * from './schema.ts';
