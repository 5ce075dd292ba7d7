/** Given / when / then for deciders: given past events, when a command, then events or an error. */
import { DomainError, type CommandMeta, type Decider, type DomainEvent } from './decider.ts';

export const meta = (over: Partial<CommandMeta> = {}): CommandMeta => ({
  accountId: '1',
  userId: '7',
  userName: 'Pat Office',
  at: '2026-11-20T15:00:00.000Z',
  ...over,
});

export function given<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, events: E[], m = meta()) {
  const state = events.reduce((s, e) => decider.evolve(s, e, m), decider.initialState);
  return {
    state,
    when: (command: C, cm = m) => decider.decide(command, state, cm),
    /** Decide, then fold the result too (the state a user would see next). */
    then: (command: C, cm = m) => {
      const out = decider.decide(command, state, cm);
      return { events: out, state: out.reduce((s, e) => decider.evolve(s, e, cm), state) };
    },
  };
}

/** The DomainError a decision refuses with; fails the test when it does not refuse, or fails otherwise. */
export function refusedWith(f: () => unknown): DomainError {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal (DomainError), but the command was accepted');
}
