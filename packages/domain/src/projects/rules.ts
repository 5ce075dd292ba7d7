/** Project rules of spec 1 (sections 4, 5, 9) and the management report's rows. */
import type { Line } from '../shared/collections.ts';
import { daysAway, dueColour } from '../shared/rules.ts';
import { addDays } from '../shared/dates.ts';

/** Project statuses, ids 0-8 in this order. */
export const PROJECT_STATUSES = ['New', 'Pass', 'Field Visit', 'To Estimate', 'No Bid', 'Submitted', 'Modified', 'Won', 'Lost'] as const;
export const NEW_PROJECT_STATUS = 'New';

/** Project colours, ids 0-6, each with its translucent background (opacity 0.7); None has none. */
export const PROJECT_COLOURS = ['None', 'Green', 'Yellow', 'Orange', 'Red', 'Blue', 'Gray'] as const;
export const PROJECT_COLOUR_OPACITY = 0.7;
const COLOUR_RGB: Record<(typeof PROJECT_COLOURS)[number], [number, number, number] | null> = {
  None: null,
  Green: [64, 192, 87],
  Yellow: [250, 210, 40],
  Orange: [253, 126, 20],
  Red: [250, 82, 82],
  Blue: [34, 139, 230],
  Gray: [134, 142, 150],
};

/** Work types, ids 0-7. */
export const WORK_TYPES = ['Dirt-Plow', 'Dirt-Trench', 'Dirt-Bore', 'Rock-Trench/Saw', 'Rock-Bore', 'Aerial Strand & Lash', 'Existing Duct', 'Other...'] as const;

/** The colour's row background, e.g. Green -> 'rgba(64, 192, 87, 0.7)'; None or unknown -> null. */
export function colourBackground(colour: unknown, opacity = PROJECT_COLOUR_OPACITY): string | null {
  const rgb = COLOUR_RGB[colour as keyof typeof COLOUR_RGB];
  return rgb ? `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${opacity})` : null;
}

/** Days left to the due date, and its colour (red under 4, orange under 7). */
export function projectDaysLeft(dueDate: string | null | undefined, today: string) {
  const project_days_left = daysAway(dueDate ?? null, today);
  return { project_days_left, project_days_colour: dueColour(project_days_left) };
}

/** The list's date range: a project is in it when its [start, due] overlaps [from, to]. */
export interface DateRange {
  from: string | null;
  to: string | null;
  /** Live and future: the range has no end, so every project still running or yet to start is in. */
  liveAndFuture?: boolean;
}

/** Start is the start date or, without one, the day the project was created; no due date is open-ended. */
export function inDateRange(project: { start_date?: unknown; due_date?: unknown; created_at?: unknown }, range: DateRange): boolean {
  const start = (project.start_date as string | null) || (typeof project.created_at === 'string' ? project.created_at.slice(0, 10) : null);
  const due = (project.due_date as string | null) || null;
  const to = range.liveAndFuture ? null : range.to;
  if (to && start && start > to) return false;
  if (range.from && due && due < range.from) return false;
  return true;
}

/** The date-range presets of spec 1 section 9; every range ends today. */
export const DATE_RANGE_PRESETS = ['Today', 'Two Weeks', '7 Days', '30 Days', '90 Days', '180 Days', 'This Month'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
const PRESET_DAYS: Partial<Record<DateRangePreset, number>> = { Today: 1, 'Two Weeks': 14, '7 Days': 7, '30 Days': 30, '90 Days': 90, '180 Days': 180 };

export function presetRange(preset: DateRangePreset, today: string): { start_date: string; end_date: string } {
  if (preset === 'This Month') {
    const [y, m] = today.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const mm = String(m).padStart(2, '0');
    return { start_date: `${y}-${mm}-01`, end_date: `${y}-${mm}-${String(last).padStart(2, '0')}` };
  }
  return { start_date: addDays(today, 1 - PRESET_DAYS[preset]!), end_date: today };
}

/** The picker's text 'YYYY-MM-DD - YYYY-MM-DD', split on ' - ' as the spec says. */
export function splitRangeText(text: string): { start_date: string | null; end_date: string | null } {
  const [start, end] = text.split(' - ').map((s) => s.trim());
  const ok = (s: string | undefined) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);
  return { start_date: ok(start), end_date: ok(end) ?? ok(start) };
}

/** The newest note's text (notes are in creation order). */
export function latestNote(notes: Line[]): string | null {
  for (let i = notes.length - 1; i >= 0; i--) {
    const n = notes[i].note;
    if (typeof n === 'string' && n.trim()) return n.trim();
  }
  return null;
}

/** The project's customer names: its main customer, then its customers lines, each once. */
export function customerNames(main: unknown, customers: Line[]): string {
  const names = [main, ...customers.map((c) => c.customer)].filter((n): n is string => typeof n === 'string' && n.trim() !== '').map((n) => n.trim());
  return [...new Set(names)].join(', ');
}

/** One line of a place: the first location's name or address, and its city and state. */
export function placeOf(location: Record<string, unknown> | null | undefined, project: Record<string, unknown>): string {
  const parts = location
    ? [location.name || location.address, location.city, location.state]
    : [project.address, project.city, project.state];
  return parts.filter((p) => typeof p === 'string' && p.trim()).join(', ');
}

const cents = (v: unknown) => Math.round((typeof v === 'number' ? v : Number(v) || 0) * 100);

/** The management report's rows: one per project, in days-left order, and the totals row. */
export function managementReportRows(projects: Record<string, unknown>[], today: string) {
  const rows = projects
    .map((p) => {
      const days = projectDaysLeft(p.due_date as string | null, today);
      return {
        id: String(p.id),
        name: (p.name as string) || `Project ${p.id}`,
        status: (p.status as string) ?? null,
        customer: (p.customer_names as string) || (p.customer as string) || '',
        location: placeOf(p.location as Record<string, unknown> | null, p),
        start_date: (p.start_date as string) ?? null,
        due_date: (p.due_date as string) ?? null,
        days_left: days.project_days_left,
        days_colour: days.project_days_colour,
        po_number: (p.po_number as string) ?? null,
        po_amount: p.po_amount == null ? null : cents(p.po_amount) / 100,
        latest_note: (p.latest_note as string) ?? null,
        colour_background: colourBackground(p.colour, 0.3),
      };
    })
    .sort((a, b) => (a.days_left ?? Infinity) - (b.days_left ?? Infinity) || Number(a.id) - Number(b.id));
  const totals = {
    projects: rows.length,
    po_amount: rows.reduce((s, r) => s + cents(r.po_amount), 0) / 100,
    overdue: rows.filter((r) => r.days_left !== null && r.days_left < 0).length,
    due_within_week: rows.filter((r) => r.days_left !== null && r.days_left >= 0 && r.days_left < 7).length,
  };
  return { rows, totals };
}
