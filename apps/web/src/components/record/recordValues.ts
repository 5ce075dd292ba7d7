/**
 * Every field of a record as the API sends it, from the domain's zod declaration (its `z.infer`
 * fields type): each one present, null when never set.
 */
export type RecordValues<F> = { [K in keyof F]-?: NonNullable<F[K]> | null };
