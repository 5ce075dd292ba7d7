/** The list engine and what a list declares (docs/architecture.md "Lists"); each area's lists are the read model's. */
export * from './define.ts';
export * from './engine.ts';
export * from './keyset.ts';
