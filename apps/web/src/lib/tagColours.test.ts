import { describe, expect, it } from 'vitest';
import { JOB_COLOURS } from '@trenchline/domain';
import { NO_TINT, TAG_COLOURS, TINT_LINK, TINT_TEXT, contrastRatio, tagStyle, tagTint } from './tagColours';

describe('tag colours', () => {
  it('given every tag colour, then its text and its links read at WCAG AA (4.5:1) on its tint', () => {
    for (const colour of TAG_COLOURS) {
      const t = tagTint(colour);
      expect(t, colour).not.toBe(NO_TINT);
      expect(contrastRatio(t.text, t.background), `text on ${colour}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(TINT_LINK, t.background), `link on ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('given every colour a job, ticket or sales organisation may carry, then each is a tag colour or None', () => {
    for (const colour of JOB_COLOURS) expect(colour === 'None' || tagTint(colour) !== NO_TINT, colour).toBe(true);
  });

  it('given a strong and a light colour, then the light tint is paler and both have the colour as their edge', () => {
    const strong = tagTint('Blue');
    const light = tagTint('Blue Lt');
    expect(strong.edge).toBe('#228be6');
    expect(contrastRatio(light.background, '#ffffff')).toBeLessThan(contrastRatio(strong.background, '#ffffff'));
    expect(tagStyle('blue')).toEqual({ background: strong.background, boxShadow: 'inset 4px 0 0 #228be6', color: TINT_TEXT, '--mantine-color-anchor': TINT_LINK });
  });

  it('given None, an unknown name or nothing, then the row stays plain', () => {
    expect(tagTint('None')).toBe(NO_TINT);
    expect(tagTint('Chartreuse')).toBe(NO_TINT);
    expect(tagTint(null)).toBe(NO_TINT);
    expect(tagStyle(undefined)).toEqual({});
  });

  it('computes the contrast ratio as WCAG does: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBe(1);
  });
});
