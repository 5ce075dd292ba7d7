import { useCallback, useState } from 'react';
import { keepMine, type Choice, type Choices, type Conflict } from './conflictLogic';

/** What the conflict panel shows and does; each editor says how to save again and how to discard. */
export interface ConflictControl {
  conflict: Conflict | null;
  choices: Choices;
  choose: (field: string, choice: Choice) => void;
  /** The user's value as the editor now holds it (they may have typed on since the refusal). */
  mine?: (field: string) => unknown;
  /** Save again from the current version with the choices. */
  resolve: () => void;
  /** Drop the user's edits: back to the record (or line) as it now stands. */
  discard: () => void;
  /** Close the panel, the edits kept unsaved. */
  dismiss: () => void;
  saving: boolean;
}

/** A refused save's conflict and the user's choice per field, until they save again or discard. */
export function useConflict() {
  const [state, setState] = useState<{ conflict: Conflict; choices: Choices } | null>(null);
  const show = useCallback((conflict: Conflict) => setState({ conflict, choices: keepMine(conflict) }), []);
  const choose = useCallback((field: string, choice: Choice) => setState((s) => (s ? { ...s, choices: { ...s.choices, [field]: choice } } : s)), []);
  const clear = useCallback(() => setState(null), []);
  return { conflict: state?.conflict ?? null, choices: state?.choices ?? {}, show, choose, clear };
}
