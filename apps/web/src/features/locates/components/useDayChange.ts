import { useEffect, useRef, useState } from 'react';
import { todayIso } from '../../../lib/dates';
import { msToNextMidnight } from '../listLogic';

/**
 * Calls `onNewDay` when the local date changes while mounted: a timer to the next midnight, and a
 * look at the date whenever the tab is shown again (a sleeping laptop's timers run late).
 * Answers today's date.
 */
export function useDayChange(onNewDay: () => void): string {
  const [day, setDay] = useState(todayIso);
  const [armed, setArmed] = useState(0);
  const latest = useRef(onNewDay);
  useEffect(() => {
    latest.current = onNewDay;
  });
  useEffect(() => {
    const look = () => setDay(todayIso());
    const t = setTimeout(() => {
      look();
      // Re-armed for the following midnight whether or not the date moved yet.
      setArmed((n) => n + 1);
    }, msToNextMidnight(new Date()));
    const onShown = () => document.visibilityState === 'visible' && look();
    document.addEventListener('visibilitychange', onShown);
    window.addEventListener('focus', look);
    return () => {
      clearTimeout(t);
      document.removeEventListener('visibilitychange', onShown);
      window.removeEventListener('focus', look);
    };
  }, [armed]);
  const seen = useRef(day);
  useEffect(() => {
    if (seen.current === day) return;
    seen.current = day;
    latest.current();
  }, [day]);
  return day;
}
