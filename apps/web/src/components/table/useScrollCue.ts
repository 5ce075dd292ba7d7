import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a scroll box has columns out of view on either side, to draw its sideways cue: `right` while
 * more is to the right, `left` once scrolled. `scrollbar` is the vertical scrollbar's width (the right
 * cue sits inside it). Checked on scroll, on resize and when the content's width changes.
 */
export function useScrollCue(ref: RefObject<HTMLElement | null>, contentWidth: number) {
  const [cue, setCue] = useState({ overflows: false, left: false, right: false, scrollbar: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const overflows = el.scrollWidth > el.clientWidth + 1;
      const next = { overflows, left: overflows && el.scrollLeft > 1, right: overflows && el.scrollLeft + el.clientWidth < el.scrollWidth - 1, scrollbar: el.offsetWidth - el.clientWidth };
      setCue((c) => (c.overflows === next.overflows && c.left === next.left && c.right === next.right && c.scrollbar === next.scrollbar ? c : next));
    };
    check();
    el.addEventListener('scroll', check, { passive: true });
    const seen = new ResizeObserver(check);
    seen.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      seen.disconnect();
    };
  }, [ref, contentWidth]);
  return cue;
}
