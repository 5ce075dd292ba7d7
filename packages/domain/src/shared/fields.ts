/** Zod building blocks for record fields, so every area validates the same way. */
import { z } from 'zod';

/** Optional free text: trimmed, '' kept as '', null allowed. */
export const text = (max = 2000) => z.string().max(max).nullable().optional();

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

export const flag = () => z.boolean({ message: 'must be true or false' }).optional();

/** One of a fixed list of choices, or null / ''. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((v) => (v === '' ? null : v), z.enum(values, { message: `must be one of ${values.join(', ')}` }).nullable())
    .optional();

/** Ids travel as strings (bigint in Postgres); numbers from old clients are accepted. */
export const id = () =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().regex(/^\d{1,18}$/, 'must be a record id'));
