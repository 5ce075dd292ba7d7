import { describe, expect, it } from 'vitest';
import { asOfOfParams, filterAsOf, linkAsOf, withAsOfParam } from './listAsOf';

describe('a list shown as it stood', () => {
  const at = '2026-10-31T23:59:59.999-04:00';

  it('given the URL names a readable instant, when read, then it is the as-of; a mangled one means now', () => {
    expect(asOfOfParams(new URLSearchParams(`as_of=${encodeURIComponent(at)}&q=x`))).toBe(at);
    expect(asOfOfParams(new URLSearchParams('as_of=yesterday-ish'))).toBeNull();
    expect(asOfOfParams(new URLSearchParams('q=x'))).toBeNull();
  });

  it('given other params, when an instant is picked or Back to now, then only as_of changes', () => {
    const params = new URLSearchParams('q=bore&tab=2');
    const picked = withAsOfParam(params, at);
    expect(picked.get('as_of')).toBe(at);
    expect(picked.get('q')).toBe('bore');
    expect(withAsOfParam(picked, null).toString()).toBe('q=bore&tab=2');
  });

  it('given an as-of, when a page is asked, then its filter carries as_of beside the others', () => {
    expect(filterAsOf({ active: 't', q: 'bore' }, at)).toEqual({ active: 't', q: 'bore', as_of: at });
    expect(filterAsOf({ active: 't' }, null)).toEqual({ active: 't' });
  });

  it('given an as-of, when a row is opened, then its record opens as it stood then', () => {
    expect(linkAsOf('/job/12', at)).toBe(`/job/12?as_of=${encodeURIComponent(at)}`);
    expect(linkAsOf('/x?tab=1', at)).toBe(`/x?tab=1&as_of=${encodeURIComponent(at)}`);
    expect(linkAsOf('/job/12', null)).toBe('/job/12');
  });
});
