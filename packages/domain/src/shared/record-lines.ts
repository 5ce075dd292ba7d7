/**
 * Where a record's collections sit (the specs' section 7): its lines at {base}/{id}/{kind}/ and
 * {base}/{kind}/{id}, lines of a line under their parent line's path. An area names its record once
 * (`recordLines({ aggregate, base })`), so each collection declares only what is its own.
 */
import { defineCollection, routesUnder, type CollectionDef } from './collections.ts';
import { defineFiles, defineNotes } from './standard-collections.ts';

type Own = Omit<CollectionDef, 'aggregate' | 'parentField' | 'routes'>;
type Naming = Pick<CollectionDef, 'name' | 'entity'>;

/** The collection declarations of one record kind: `parentField` is the lines' field naming the record (the aggregate's name unless said). */
export function recordLines({ aggregate, parentField = aggregate, base }: { aggregate: string; parentField?: string; base: string }) {
  const at = (kind: string) => ({ aggregate, parentField, routes: routesUnder(base, kind) });
  return {
    /** A collection of the record at {base}/{id}/{kind}/ and {base}/{kind}/{id}. */
    lines: (kind: string, o: Own) => defineCollection({ ...o, ...at(kind) }),
    /** Lines of a line of the record (`parentLine`), at {base}/{parent kind}/{parent id}/{kind}/ and {base}/{parent kind}/{kind}/{id}. */
    linesOfLine: (parentKind: string, kind: string, parentLine: NonNullable<CollectionDef['parentLine']>, o: Omit<Own, 'parentLine'>) =>
      defineCollection({ ...o, aggregate, parentField, parentLine, routes: routesUnder(`${base}/${parentKind}`, kind) }),
    /** The record's notes (defineNotes) at {base}/{id}/{kind}/. */
    notes: (kind: string, o: Naming) => defineNotes({ ...o, ...at(kind) }),
    /** The record's uploaded files (defineFiles) at {base}/{id}/{kind}/. */
    files: (kind: string, o: Naming) => defineFiles({ ...o, ...at(kind) }),
  };
}
