/**
 * Report buttons of every screen (spec 1 sections 8/9, spec 2): a click opens the report in a new
 * window and the button reads 'AI Working...' for 3 s, then its label again. The API answers the
 * window with the file when it is quick, else sends it to /report/?id= to wait for it there.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMessage } from '../../lib/messages';

export const REPORT_WORKING_LABEL = 'AI Working...';
export const REPORT_REVERT_MS = 3000;

export interface ReportButtonOptions {
  /** The text while working; spec 2 also uses 'Robots Working...'. */
  workingLabel?: string;
  revertMs?: number;
}

export interface ReportButtonState {
  /** The button's text now. */
  text: string;
  working: boolean;
  /** Call in the click handler itself: a window opened later is blocked as a pop-up. Null opens nothing. */
  open: (url: string | null | undefined) => void;
}

export function useReportButton(label: string, options: ReportButtonOptions = {}): ReportButtonState {
  const { workingLabel = REPORT_WORKING_LABEL, revertMs = REPORT_REVERT_MS } = options;
  const message = useMessage();
  const [working, setWorking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const open = useCallback(
    (url: string | null | undefined) => {
      if (!url) return;
      const win = window.open(url, '_blank');
      if (!win) {
        message('The report window was blocked: allow pop-ups for this site and try again.', 'error');
        return;
      }
      // The report window has no business with this page.
      win.opener = null;
      setWorking(true);
      // A second click restarts the 3 s.
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        setWorking(false);
      }, revertMs);
    },
    [message, revertMs],
  );

  return { text: working ? workingLabel : label, working, open };
}

/** The management report of the selected projects (docs/reports.md). */
export function managementReportUrl(ids: readonly (string | number)[], format: 'xlsx' | 'pdf' = 'xlsx'): string {
  return `/api/projects/report/management/?ids=${ids.map((id) => encodeURIComponent(String(id))).join(',')}&format=${format}`;
}
