// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, type Mounted } from '../../test/dom';
import { ReportButton } from './components/ReportButton';
import { managementReportUrl, REPORT_REVERT_MS, useReportButton } from './useReportButton';

function ManagementReport({ url }: { url: string | null }) {
  const button = useReportButton('Management report');
  return <button onClick={() => button.open(url)}>{button.text}</button>;
}

const box = () => document.querySelector<HTMLElement>('[data-testid="message-box"]');

describe('report buttons', () => {
  let ui: Mounted;
  let open: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    open = vi.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
  });
  afterEach(() => {
    ui?.unmount();
    open.mockRestore();
    vi.useRealTimers();
  });

  it("given a click, then the report opens in a new window at once and the button reads 'AI Working...' for 3 seconds", () => {
    const url = managementReportUrl(['12', '15']);
    ui = mount(<ManagementReport url={url} />);
    click(byText('Management report'));
    expect(open).toHaveBeenCalledWith('/api/projects/report/management/?ids=12,15&format=xlsx', '_blank');
    expect(byText('AI Working...')).not.toBeNull();
    act(() => vi.advanceTimersByTime(REPORT_REVERT_MS - 1));
    expect(byText('AI Working...')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(byText('Management report')).not.toBeNull();
  });

  it('given a second click while working, then the 3 seconds start again', () => {
    ui = mount(<ManagementReport url="/r" />);
    click(byText('Management report'));
    act(() => vi.advanceTimersByTime(2000));
    click(byText('AI Working...'));
    act(() => vi.advanceTimersByTime(2000));
    expect(byText('AI Working...')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(byText('Management report')).not.toBeNull();
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('given no url (nothing selected), then nothing opens and the label stays', () => {
    ui = mount(<ManagementReport url={null} />);
    click(byText('Management report'));
    expect(open).not.toHaveBeenCalled();
    expect(byText('Management report')).not.toBeNull();
  });

  it('given a blocked pop-up, then the user is told and the label stays', () => {
    open.mockImplementation(() => null);
    ui = mount(<ManagementReport url="/r" />);
    click(byText('Management report'));
    expect(box()?.textContent).toContain('allow pop-ups');
    expect(byText('Management report')).not.toBeNull();
  });

  it('given the ReportButton component with its own working label, then it reverts after its time', () => {
    ui = mount(<ReportButton label="Crew report" workingLabel="Robots Working..." url={() => '/r'} />);
    click(byText('Crew report'));
    expect(byText('Robots Working...')).not.toBeNull();
    act(() => vi.advanceTimersByTime(REPORT_REVERT_MS));
    expect(byText('Crew report')).not.toBeNull();
  });
});
