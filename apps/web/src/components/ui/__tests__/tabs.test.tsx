import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../tabs';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'fee-items', label: 'Fee items' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'payments', label: 'Payments' },
] as const;

function FinanceLikeTabs() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('overview');
  return (
    <Tabs label="Finance" idPrefix="finance" tabs={TABS} selected={tab} onSelect={setTab}>
      <p>{tab}</p>
    </Tabs>
  );
}

/** jsdom lays nothing out: a row of tabs 400 px wide in a 343 px box, as on a 375 px phone. */
function phoneWidths() {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'tablist' ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'tablist' ? 343 : 0;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Tabs', () => {
  it('shows nothing extra when every tab fits', () => {
    render(<FinanceLikeTabs />);
    expect(screen.queryByTestId('tabs-more-after')).toBeNull();
    expect(screen.queryByTestId('tabs-more-before')).toBeNull();
  });

  it('shows that more tabs hide to the right on a phone, and to the left once scrolled', () => {
    phoneWidths();
    render(<FinanceLikeTabs />);
    expect(screen.getByTestId('tabs-more-after')).toBeTruthy();
    expect(screen.queryByTestId('tabs-more-before')).toBeNull();
    const list = screen.getByRole('tablist', { name: 'Finance' });
    list.scrollLeft = 57;
    fireEvent.scroll(list);
    expect(screen.getByTestId('tabs-more-before')).toBeTruthy();
    expect(screen.queryByTestId('tabs-more-after')).toBeNull();
  });

  it('moves between tabs with the arrow keys, one Tab stop for the row', async () => {
    const user = userEvent.setup();
    render(<FinanceLikeTabs />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Payments' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('payments')).toBeTruthy();
  });
});
