/**
 * Zod building blocks for record fields, so every area validates the same way. They take scalars as
 * the spec's client sends them: numbers as numbers or strings, identifiers typed as text as 1 or '1',
 * '' as null for an optional date, number, choice or reference, booleans as true/false or 't'/'f'.
 * Their bounds (text that can be stored, numbers' ranges and decimals, references' targets) are
 * listed in docs/input-bounds.md.
 */
import { z } from 'zod';
import { uniqueKeyOf as spelling } from './keys.ts';

/** A finite number becomes its text: a line number or segment number may come as 1 or '1'. */
const numberAsText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

// ---- text ---------------------------------------------------------------------------------------

/** A NUL byte, or half of a UTF-16 surrogate pair without its other half: Postgres can store neither. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT = 'contains a character that cannot be saved (a NUL byte or a lone surrogate)';
export const isStorableText = (s: string) => !UNSTORABLE.test(s);

/**
 * Every string in a value (an object's keys and values, arrays, nested) that cannot be stored, by its
 * dotted path ('items.0.description'); `prefix` names the value itself. At most `limit` are named.
 */
export function unstorableText(value: unknown, prefix = '', limit = 20): Record<string, string> {
  const out: Record<string, string> = {};
  // A stack, not recursion: a deeply nested body must not overflow the call stack.
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length && Object.keys(out).length < limit) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) out[path || '_'] = UNSTORABLE_TEXT;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v).reverse()) {
        const key = isStorableText(k) ? k : JSON.stringify(k).slice(1, -1);
        const at = path ? `${path}.${key}` : key;
        if (key !== k) out[at] = UNSTORABLE_TEXT;
        else stack.push([x, at]);
      }
    }
  }
  return out;
}

/** Optional free text: '' kept as '', null allowed; a number is taken as its text; no NUL or lone surrogate. */
export const text = (max = 2000) =>
  z.preprocess(numberAsText, z.string({ message: 'must be text' }).max(max).refine(isStorableText, UNSTORABLE_TEXT).nullable()).optional();

/** A calendar date 'YYYY-MM-DD' (no time zone), or null. ISO timestamps are cut to their date. */
export const date = () =>
  z
    .preprocess(
      (v) => (v === '' ? null : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
      z.iso.date({ message: 'must be a date YYYY-MM-DD' }).nullable(),
    )
    .optional();

// ---- numbers ------------------------------------------------------------------------------------

/** Money: at most 100 billion either way, so sums of many lines stay exact to the cent. */
export const MONEY_MAX = 1e11;
/** Quantities, feet, hours, days, line numbers: at most a billion. */
export const QUANTITY_MAX = 1e9;
/** Percentages (a bid's or a job item's share): 0 to 1,000. */
export const PERCENT_MAX = 1000;

export interface NumberBounds {
  min: number;
  max: number;
  /** Decimals the field keeps; more is refused (float noise such as 0.30000000000000004 is rounded away). */
  decimals?: number;
}

/** A value sent as a number or numeric text, as a number; '' is null; anything else is left for zod to refuse. */
const asNumber = (v: unknown) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)) ? Number(v) : v);

/** The value rounded to `decimals` when it has no more than float noise beyond them, else undefined. */
function roundedTo(v: number, decimals: number): number | undefined {
  const scaled = v * 10 ** decimals;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) <= 1e-7 + Math.abs(scaled) * 8 * Number.EPSILON ? whole / 10 ** decimals : undefined;
}

const figure = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** A finite number within its bounds, sent as a number or numeric text; '' is null. */
export const decimal = ({ min, max, decimals }: NumberBounds = { min: -QUANTITY_MAX, max: QUANTITY_MAX }) => {
  const range = `must be a number from ${figure(min)} to ${figure(max)}`;
  return z
    .preprocess(
      (v) => {
        const n = asNumber(v);
        return typeof n === 'number' && Number.isFinite(n) && decimals !== undefined ? (roundedTo(n, decimals) ?? n) : n;
      },
      z
        .number({ message: range })
        .min(min, { message: range, abort: true })
        .max(max, { message: range, abort: true })
        .refine((n) => decimals === undefined || roundedTo(n, decimals) === n, decimals === 0 ? 'must be a whole number' : `must have at most ${decimals} decimals`)
        .nullable(),
    )
    .optional();
};

/**
 * An amount of money to the cent (unit prices and costs: 4 decimals). Not negative unless `credit`:
 * the few amounts where a credit makes sense say so (see docs/input-bounds.md).
 */
export const money = ({ credit = false, decimals = 2 }: { credit?: boolean; decimals?: number } = {}) => {
  const schema = decimal({ min: credit ? -MONEY_MAX : 0, max: MONEY_MAX, decimals });
  moneySchemas.add(schema);
  return schema;
};
// Kept so a field user's answers can leave money out by the field's kind (docs/roles.md), not by a list of names.
const moneySchemas = new WeakSet<z.ZodType>();
/** Whether a schema is an amount of money (`money()`, `unitPrice()`), under any optional, nullable or default wrapper. */
export function isMoney(schema: z.ZodType | undefined): boolean {
  for (let s: unknown = schema, i = 0; s && i < 5; i++) {
    if (moneySchemas.has(s as z.ZodType)) return true;
    const inner = (s as { unwrap?: () => unknown }).unwrap;
    s = typeof inner === 'function' ? inner.call(s) : undefined;
  }
  return false;
}
/** A unit price, cost or rate: money to 4 decimals (a rate per foot may be $0.0125). */
export const unitPrice = () => money({ decimals: 4 });
/** A quantity, length, duration or line number: 0 to a billion, 4 decimals. */
export const quantity = () => decimal({ min: 0, max: QUANTITY_MAX, decimals: 4 });
/** A percentage: 0 to 1,000, 4 decimals. */
export const percent = () => decimal({ min: 0, max: PERCENT_MAX, decimals: 4 });

/** The words a yes or a no is written with in bodies and queries (any case): 't'/'f', 'true'/'false', '1'/'0' ... */
export const YES_WORDS: ReadonlySet<string> = new Set(['t', 'true', '1']);
export const NO_WORDS: ReadonlySet<string> = new Set(['f', 'false', '0']);
/** A boolean as JSON sends it, or as the old client and form posts do ('t'/'f', 'true'/'false', '1'/'0', 1/0); '' is no value. */
export const flag = () =>
  z
    .preprocess(
      (v) =>
        typeof v === 'string' ? (YES_WORDS.has(v.trim().toLowerCase()) ? true : NO_WORDS.has(v.trim().toLowerCase()) ? false : v.trim() === '' ? undefined : v) : v === 1 ? true : v === 0 ? false : v,
      z.boolean({ message: 'must be true or false' }).optional(),
    )
    .optional();

/**
 * One of a fixed list of choices, or null / ''. `aliases` are other spellings a client may send for a
 * choice (the spec's short payout category 'Crew' for 'Crew Payout'), matched trimmed and case-blind
 * and read as the choice: answers and events always carry the choice itself.
 */
export const choice = <T extends readonly [string, ...string[]]>(values: T, o: { aliases?: Readonly<Record<string, T[number]>> } = {}) => {
  const aliases = new Map(Object.entries(o.aliases ?? {}).map(([k, v]) => [spelling(k) ?? '', v]));
  const read = (v: unknown) => (v === '' ? null : typeof v === 'string' && !(values as readonly string[]).includes(v) ? (aliases.get(spelling(v) ?? '') ?? v) : v);
  return z.preprocess(read, z.enum(values, { message: `must be one of ${values.join(', ')}` }).nullable()).optional();
};

/**
 * The choice a number names in a list the spec numbers (`first`: the first choice's number), or
 * undefined: an id sent as 7 or '7' (whole, within the list).
 */
export function choiceNumbered<T extends readonly string[]>(values: T, v: unknown, first = 0): T[number] | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : null;
  return n !== null && Number.isInteger(n) && n >= first && n < values.length + first ? values[n - first] : undefined;
}

/**
 * A choice of a list the spec numbers (spec 1: project statuses 0-8, colours 0-6, work types 0-7,
 * note statuses 0-7; spec 3: divisions 1-5, `first: 1`): its name, or its id as the old client may
 * send it (7 or '7'), read as the name; answers always carry the name.
 */
export const choiceById = <T extends readonly [string, ...string[]]>(values: T, o: { first?: number; aliases?: Readonly<Record<string, T[number]>> } = {}) =>
  z.preprocess((v) => choiceNumbered(values, v, o.first ?? 0) ?? v, choice(values, { aliases: o.aliases }));

// ---- ids and references -------------------------------------------------------------------------

/** Ids travel as strings (bigint in Postgres); numbers from old clients are accepted. */
export const id = () =>
  z.preprocess(numberAsText, z.string({ message: 'must be a record id' }).regex(/^\d{1,18}$/, 'must be a record id'));

/**
 * What a reference points at: a record of the caller's account (`record`: its aggregate, e.g. a
 * crew of Settings), or a line of the same record (`line`: its collection, e.g. the job's segments),
 * or, with `elsewhere`, a line of another record of the account (a ticket's production line names
 * its job's CIBE line: the API checks which record).
 */
export type RefTarget = { record: string } | { line: string; elsewhere?: true };

/** The target of every field declared with `ref(...)`: read by the API's one reference check. */
export const refTargets = z.registry<RefTarget>();

/** An optional reference to another record or line (an id, or null; '' is null), declared with its target. */
export const ref = (target: RefTarget) => {
  const field = z
    .preprocess((v) => (v === '' ? null : numberAsText(v)), z.string({ message: 'must be a record id' }).regex(/^\d{1,18}$/, 'must be a record id').nullable())
    .optional();
  refTargets.add(field, target);
  return field;
};

/** The reference fields of an object schema, with their targets. */
export function referenceFields(schema: z.ZodObject<z.ZodRawShape>): { field: string; target: RefTarget }[] {
  return Object.entries(schema.shape).flatMap(([field, s]) => {
    const target = refTargets.get(s as z.ZodType);
    return target ? [{ field, target }] : [];
  });
}
