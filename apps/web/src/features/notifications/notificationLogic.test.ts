import { describe, expect, it } from 'vitest';
import { bellLabel, channelChoices, countText, kindRows } from './notificationLogic';

describe('the bell and the preferences in words', () => {
  it('given counts, then the badge and the label; given the domain, then a row per kind and four channels', () => {
    expect([countText(0), countText(7), countText(120)]).toEqual(['0', '7', '99+']);
    expect(bellLabel(0)).toBe('Notifications: none unread');
    expect(bellLabel(3)).toBe('Notifications: 3 unread');
    expect(kindRows).toHaveLength(7);
    expect(channelChoices.map((c) => c.label)).toEqual(['In the app', 'Daily digest', 'E-mail at once', 'Off']);
  });
});
