/** Calendar arithmetic on 'YYYY-MM-DD' strings, in UTC so no time zone shifts a day. */
const DAY_MS = 86_400_000;

const toUtc = (d: string) => {
  const [y, m, day] = d.slice(0, 10).split('-').map(Number);
  return Date.UTC(y, m - 1, day);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

export function addDays(d: string, days: number): string {
  return new Date(toUtc(d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an ISO instant, in UTC. */
export const dateOf = (iso: string) => iso.slice(0, 10);

/** MM/DD/YYYY, as dates are shown (spec 3 section 9). */
export const shownDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
