import type { Line } from '@trenchline/domain';

/** A line write's answer: the line with its own version (the event that last touched it) and the event's position. */
export type LineAnswer = Line & { version?: number; position?: string | number };
