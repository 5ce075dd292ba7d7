import type { Line } from '@trenchline/domain';

/** A line write's answer: the line plus the parent record's new version and event position. */
export type LineAnswer = Line & { version?: number; position?: string | number };
