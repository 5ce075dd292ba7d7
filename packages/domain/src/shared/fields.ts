/**
 * Zod building blocks for record fields, so every area validates the same way. They take scalars as
 * the spec's client sends them: numbers as numbers or strings, identifiers typed as text as 1 or '1',
 * '' as null for an optional date, number, choice or reference, booleans as true/false or 't'/'f'.
 */
import { z } from 'zod';

/** A finite number becomes its text: a line number or segment number may come as 1 or '1'. */
const numberAsText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** Optional free text: '' kept as '', null allowed; a number is taken as its text. */
export const text = (max = 2000) => z.preprocess(numberAsText, z.string({ message: 'must be text' }).max(max).nullable()).optional();

/** A calendar date 'YYYY-MM-DD' (no time zone), or null. ISO timestamps are cut to their date. */
export const date = () =>
  z
    .preprocess(
      (v) => (v === '' ? null : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
      z.iso.date({ message: 'must be a date YYYY-MM-DD' }).nullable(),
    )
    .optional();

/** A number that may arrive as a numeric string from form inputs; '' is null. */
export const decimal = () =>
  z
    .preprocess(
      (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)) ? Number(v) : v),
      z.number({ message: 'must be a number' }).finite().nullable(),
    )
    .optional();

const TRUE = new Set(['t', 'true']);
const FALSE = new Set(['f', 'false']);
/** A boolean as JSON sends it, or as the old client and form posts do ('t'/'f', 'true'/'false'); '' is no value. */
export const flag = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (TRUE.has(v.trim().toLowerCase()) ? true : FALSE.has(v.trim().toLowerCase()) ? false : v.trim() === '' ? undefined : v) : v),
      z.boolean({ message: 'must be true or false' }).optional(),
    )
    .optional();

/** One of a fixed list of choices, or null / ''. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((v) => (v === '' ? null : v), z.enum(values, { message: `must be one of ${values.join(', ')}` }).nullable())
    .optional();

/**
 * A choice of a list the spec numbers by id (spec 1: project statuses 0-8, colours 0-6, work types 0-7,
 * note statuses 0-7): its name, or its id as the old client may send it (7 or '7'), read as the name;
 * answers always carry the name.
 */
export const choiceById = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : null;
    return n !== null && Number.isInteger(n) && n >= 0 && n < values.length ? values[n] : v;
  }, choice(values));

/** Ids travel as strings (bigint in Postgres); numbers from old clients are accepted. */
export const id = () =>
  z.preprocess(numberAsText, z.string({ message: 'must be a record id' }).regex(/^\d{1,18}$/, 'must be a record id'));

/** An optional reference to another record: an id, or null ('' is null). */
export const ref = () => z.preprocess((v) => (v === '' ? null : numberAsText(v)), z.string({ message: 'must be a record id' }).regex(/^\d{1,18}$/, 'must be a record id').nullable()).optional();
