export * from './port.ts';
export * from './schema.ts';
export * from './postgres.ts';
export * from './eventstoredb.ts';
export * from './record-index.ts';
export * from './factory.ts';
export * from './anchors.ts';
export * from './verify.ts';
