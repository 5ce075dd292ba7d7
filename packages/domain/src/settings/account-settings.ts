/**
 * The account's one settings record: its background picture and training video (account_files),
 * its subscriptions, the audit of its users (the users table is what logins check; these events are
 * what auditors read) and its cancellation.
 */
import { decideLine, evolveLines, isLineCommand, linesOfCollection, type LinesState } from '../shared/collections.ts';
import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { diff, hasChanges } from '../shared/changes.ts';
import type { AccountSettingsCommand } from './commands.ts';
import type { AccountSettingsEvent, AccountSettingsOwnEvent } from './events.ts';
import { catalogItem, checkSubscriptionQuantity } from './rules.ts';
import { accountFiles } from './collections.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/time-zones.ts';

const own = [accountFiles];

export interface AccountSettingsState {
  id: string | null;
  deleted: boolean;
  subscriptions: Record<string, number>;
  /** IANA name; report schedules run in it. */
  time_zone: string;
  cancelled_at: string | null;
  created_at: string | null;
  last_updated: string | null;
  lines: LinesState;
}

export const initialAccountSettingsState: AccountSettingsState = {
  id: null,
  deleted: false,
  subscriptions: {},
  time_zone: DEFAULT_TIME_ZONE,
  cancelled_at: null,
  created_at: null,
  last_updated: null,
  lines: {},
};

function requireOpen(state: AccountSettingsState) {
  if (!state.id) throw new DomainError('not_found', 'Settings not found');
  if (state.cancelled_at) throw new DomainError('conflict', 'This account is cancelled');
}

export const accountSettingsDecider: Decider<AccountSettingsState, AccountSettingsCommand, AccountSettingsEvent> = {
  aggregate: 'account_settings',
  initialState: initialAccountSettingsState,
  decide(command, state, meta) {
    if (isLineCommand(command)) {
      requireOpen(state);
      const events = decideLine(command, state.lines, state.id!, meta, own);
      if (command.type !== 'AddLine') return events;
      // One background picture and one training video at a time: a new one replaces the old.
      const purpose = command.values.purpose;
      if (!purpose) throw new DomainError('invalid', 'purpose is required', { purpose: 'is required' });
      const replaced = linesOfCollection(state.lines, accountFiles).filter((f) => f.purpose === purpose);
      return [
        ...replaced.flatMap((f) => decideLine({ type: 'RemoveLine', collection: accountFiles.name, lineId: f.id }, state.lines, state.id!, meta, own)),
        ...events,
      ];
    }
    switch (command.type) {
      case 'OpenRecord':
        if (state.id) return [];
        return [{ type: 'AccountSettingsOpened', data: { id: command.id } }];
      case 'ChangeSubscription': {
        requireOpen(state);
        const item = catalogItem(command.item);
        if (!item) throw new DomainError('not_found', 'Catalogue item not found');
        const quantity = checkSubscriptionQuantity(item, command.quantity);
        const previous = state.subscriptions[item.id] ?? 0;
        if (previous === quantity) return [];
        return [{ type: 'SubscriptionChanged', data: { item: item.id, name: item.name, quantity, previous } }];
      }
      case 'ChangeAccountTimeZone': {
        requireOpen(state);
        const zone = typeof command.time_zone === 'string' ? command.time_zone.trim() : command.time_zone;
        if (!isTimeZone(zone)) throw new DomainError('invalid', 'Unknown time zone', { time_zone: 'must be a time zone name such as America/Chicago' });
        if (zone === state.time_zone) return [];
        return [{ type: 'AccountTimeZoneChanged', data: { changes: { time_zone: { old: state.time_zone, new: zone } } } }];
      }
      case 'CancelAccount':
        requireOpen(state);
        return [{ type: 'AccountCancelled', data: { reason: command.reason?.trim() || null } }];
      case 'RecordUserAdded':
        requireOpen(state);
        return [{ type: 'AccountUserAdded', data: { user_id: command.user.id, display_name: command.user.display_name, email: command.user.email, ...(command.user.role ? { role: command.user.role } : {}) } }];
      case 'RecordUserChanged': {
        requireOpen(state);
        const { userId, before, after } = command;
        // Someone must be left to run the account; cancelling it is its own command.
        if (before.active && !after.active && userId === meta.userId) {
          throw new DomainError('invalid', 'You cannot deactivate yourself', { active: 'you cannot deactivate yourself' });
        }
        // The account always keeps an active admin: someone must be able to manage users and settings.
        const wasAdmin = before.active && before.role === 'admin';
        const staysAdmin = after.active && (after.role ?? before.role) === 'admin';
        if (wasAdmin && !staysAdmin && command.adminsLeft === 0) {
          const field = after.active ? 'role' : 'active';
          throw new DomainError('conflict', `${after.display_name} is the account's last admin: make another user admin first`, { [field]: "is the account's last admin's" });
        }
        const changes = diff({ display_name: before.display_name, email: before.email }, { display_name: after.display_name, email: after.email });
        const events: AccountSettingsEvent[] = [];
        if (hasChanges(changes)) events.push({ type: 'AccountUserRevised', data: { user_id: userId, changes } });
        if (before.role && after.role && before.role !== after.role)
          events.push({ type: 'AccountUserRoleChanged', data: { user_id: userId, display_name: after.display_name, changes: { role: { old: before.role, new: after.role } } } });
        if (command.passwordChanged) events.push({ type: 'AccountUserPasswordChanged', data: { user_id: userId, display_name: after.display_name } });
        if (before.active && !after.active) events.push({ type: 'AccountUserDeactivated', data: { user_id: userId, display_name: after.display_name } });
        if (!before.active && after.active) events.push({ type: 'AccountUserReactivated', data: { user_id: userId, display_name: after.display_name } });
        return events;
      }
      case 'RecordHistoryAnchor': {
        // A cancelled account's history is still anchored: that is when an auditor may need it most.
        if (!state.id) throw new DomainError('not_found', 'Settings not found');
        const { position, hash, events, streams } = command.anchor;
        return [{ type: 'HistoryAnchored', data: { position, hash, events, streams, mailed_to: command.mailedTo } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as AccountSettingsOwnEvent;
    switch (e.type) {
      case 'AccountSettingsOpened':
        return { ...touched, id: e.data.id, created_at: meta.at };
      case 'HistoryAnchored':
        return state; // the worker's daily anchor is no change to the settings
      case 'SubscriptionChanged':
        return { ...touched, subscriptions: { ...state.subscriptions, [e.data.item]: e.data.quantity } };
      case 'AccountCancelled':
        return { ...touched, cancelled_at: meta.at };
      case 'AccountTimeZoneChanged':
        return { ...touched, time_zone: e.data.changes.time_zone.new };
      case 'AccountUserAdded':
      case 'AccountUserRevised':
      case 'AccountUserRoleChanged':
      case 'AccountUserPasswordChanged':
      case 'AccountUserDeactivated':
      case 'AccountUserReactivated':
        return touched;
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta, own) };
    }
  },
};
