/**
 * Confirmations before deleting (spec 1 section 5 gives the exact words). The browser's own dialog:
 * instant, keyboard-friendly, and what the users of the earlier product know.
 */
export const confirmAction = (question: string): boolean => window.confirm(question);
