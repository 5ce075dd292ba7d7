/** Date helpers of the web: the user's own calendar day, and how dates are shown. */
import dayjs from 'dayjs';

/** Today in the user's time zone as 'YYYY-MM-DD' (the domain's date shape). */
export const todayIso = () => dayjs().format('YYYY-MM-DD');

/** 'YYYY-MM-DD' or an ISO time shown as MM/DD/YYYY; '' for nothing. */
export function showDate(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  const d = dayjs(v.length === 10 ? `${v}T00:00:00` : v);
  return d.isValid() ? d.format('MM/DD/YYYY') : v;
}

/** An ISO instant shown with its time, e.g. 11/22/2026 14:05. */
export function showDateTime(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  const d = dayjs(v);
  return d.isValid() ? d.format('MM/DD/YYYY HH:mm') : v;
}

/** Parse what office staff type in a date box: 11/22/2026, 11-22-26, 2026-11-22. */
export function parseTypedDate(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return fmt(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (m) {
    const y = m[3].length === 2 ? 2000 + +m[3] : +m[3];
    return fmt(y, +m[1], +m[2]);
  }
  return null;
}

function fmt(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
