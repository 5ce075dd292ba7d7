/** Given / when / then for deciders: given past events, when a command, then events or an error. */
import type { CommandMeta, Decider, DomainEvent } from './decider.ts';

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
