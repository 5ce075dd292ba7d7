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

/** Each line with `id` wherever it sits in the detail (a list, or a line's lines), changed by `f` (null removes it). */
function everywhere(v: unknown, id: string, f: (line: Line) => Line | null): unknown {
  if (Array.isArray(v)) return v.flatMap((x) => (x && typeof x === 'object' && (x as Line).id === id ? [f(x as Line)].filter(Boolean) : [everywhere(x, id, f)]));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? everywhere(x, id, f) : x]));
  return v;
}

/** A line's edit kept offline, laid over it wherever the record's detail holds it; its version stays the server's. */
export const patchedLine = (detail: Detail, id: string, values: Record<string, unknown>) => everywhere(detail, id, (l) => ({ ...l, ...values, version: l.version })) as Detail;

/** A line deleted offline, gone from wherever the record's detail holds it. */
export const withoutLine = (detail: Detail, id: string) => everywhere(detail, id, () => null) as Detail;

/** The line with `id` wherever it sits, or null. */
export function lineIn(detail: unknown, id: string): Line | null {
  if (Array.isArray(detail)) {
    for (const x of detail) {
      if (x && typeof x === 'object' && (x as Line).id === id) return x as Line;
      const inner = lineIn(x, id);
      if (inner) return inner;
    }
    return null;
  }
  if (detail && typeof detail === 'object') for (const x of Object.values(detail)) if (Array.isArray(x)) {
    const inner = lineIn(x, id);
    if (inner) return inner;
  }
  return null;
}
