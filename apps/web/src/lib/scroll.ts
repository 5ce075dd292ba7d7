/** Scroll-to-section of the detail pages (spec 1 section 9, spec 2 shared behaviours: offsets 150 and 160). */

/** The offset of a record's first section (its form): 150 px left above it for the header and the bar. */
export const SCROLL_OFFSET = 150;

/** Where the page scrolls to so a section's top sits `offset` px below the window's top. */
export function scrollTopFor(sectionTop: number, scrollY: number, offset = SCROLL_OFFSET): number {
  return Math.max(0, Math.round(sectionTop + scrollY - offset));
}

/** Scroll smoothly so the element with this id sits `offset` px below the window's top. */
export function scrollToAnchor(anchorId: string, offset = SCROLL_OFFSET) {
  const el = document.getElementById(anchorId);
  if (!el) return;
  window.scrollTo({ top: scrollTopFor(el.getBoundingClientRect().top, window.scrollY, offset), behavior: 'smooth' });
}
