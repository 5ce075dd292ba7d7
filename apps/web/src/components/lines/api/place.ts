import type { Line } from '@trenchline/domain';

type Detail = Record<string, unknown>;

/**
 * Where a record's cached detail keeps a collection's lines, so a write shows at once: a list under
 * a key (a job's 'items'), or nested (a routine's sets, each with its tasks).
 */
export interface LinePlace {
  add(detail: Detail, line: Line): Detail;
  replace(detail: Detail, id: string, line: Line): Detail;
  remove(detail: Detail, id: string): Detail;
}

const withLines = (d: Detail, key: string, f: (lines: Line[]) => Line[]) => ({ ...d, [key]: f((d[key] as Line[] | undefined) ?? []) });

/** The lines as a list under `detailKey` of the record's detail. */
export const listPlace = (detailKey: string): LinePlace => ({
  add: (d, line) => withLines(d, detailKey, (lines) => [...lines, line]),
  replace: (d, id, line) => withLines(d, detailKey, (lines) => lines.map((l) => (l.id === id ? line : l))),
  remove: (d, id) => withLines(d, detailKey, (lines) => lines.filter((l) => l.id !== id)),
});

export const placeOf = (place: string | LinePlace): LinePlace => (typeof place === 'string' ? listPlace(place) : place);
