/** The key under which two names are the same name: trimmed, inner spaces collapsed, lower case. */
export const uniqueKeyOf = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const key = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return key || null;
};
