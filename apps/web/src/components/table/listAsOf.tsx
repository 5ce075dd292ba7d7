/**
 * A list screen as it stood at an instant (`?as_of=` in the URL): one scope declared per list route
 * (`<ListAsOf>` in the area's routes.tsx), read by the shared pieces, never by a screen's own code:
 * the title bar shows the picker and the read-only banner, every page call (and its totals) carries
 * `as_of`, live rows are ignored, New, bulk writes and inline edits are not offered, reports send
 * `as_of`, and a row opens its record as it stood then.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { AsOfBanner, AsOfPicker } from '../record/AsOfControl';

export interface ListAsOfState {
  /** The screen offers the picker (its route is declared with `<ListAsOf>`). */
  enabled: boolean;
  /** The instant shown (ISO with offset), or null: now, live and editable. */
  asOf: string | null;
  pick(iso: string): void;
  /** Back to now: `as_of` leaves the URL, the rest of it stays. */
  now(): void;
}

const LIVE: ListAsOfState = { enabled: false, asOf: null, pick: () => {}, now: () => {} };

const ListAsOfContext = createContext<ListAsOfState>(LIVE);

/** The URL's `as_of` when it is a readable instant (a mangled one is ignored: the screen shows now). */
export function asOfOfParams(params: URLSearchParams): string | null {
  const v = params.get('as_of');
  return v && dayjs(v).isValid() ? v : null;
}

/** The params with `as_of` set (or removed by null), every other param kept. */
export function withAsOfParam(params: URLSearchParams, iso: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (iso) next.set('as_of', iso);
  else next.delete('as_of');
  return next;
}

/** A record's link opened from an as-of list: the record as it stood then (its own ?as_of= view). */
export function linkAsOf(path: string, asOf: string | null): string {
  if (!asOf) return path;
  return `${path}${path.includes('?') ? '&' : '?'}as_of=${encodeURIComponent(asOf)}`;
}

/** The filter of a list call with `as_of` (and nothing else changed). */
export function filterAsOf<F extends Record<string, string>>(filter: F, asOf: string | null): F {
  return asOf ? { ...filter, as_of: asOf } : filter;
}

/** Declares a list route as one that can be shown as it stood: wraps the route's element. */
export function ListAsOf({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const asOf = asOfOfParams(params);
  const value = useMemo<ListAsOfState>(
    () => ({
      enabled: true,
      asOf,
      pick: (iso) => setParams((p) => withAsOfParam(p, iso)),
      now: () => setParams((p) => withAsOfParam(p, null)),
    }),
    [asOf, setParams],
  );
  return <ListAsOfContext.Provider value={value}>{children}</ListAsOfContext.Provider>;
}

/** The screen's as-of state: `asOf` null (and `enabled` false) outside a `<ListAsOf>` route. */
export const useListAsOf = () => useContext(ListAsOfContext);

/** Renders its children only while the screen shows now: a write (New, Approve, Upload) has no place in the past. */
export function WhenLive({ children }: { children: ReactNode }) {
  return useListAsOf().asOf ? null : <>{children}</>;
}

/** The title bar's "As of" picker, on screens declared with `<ListAsOf>`. */
export function ListAsOfPicker() {
  const { enabled, pick } = useListAsOf();
  return enabled ? <AsOfPicker onPick={pick} /> : null;
}

/** "As it stood on 10/31/2026 23:59 — read-only. Back to now", while the screen shows the past. */
export function ListAsOfBanner() {
  const { asOf, now } = useListAsOf();
  return asOf ? <AsOfBanner asOf={asOf} onNow={now} /> : null;
}
