import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UserMenu } from '../dashboard/user-menu';

describe('UserMenu', () => {
  it('opens with the keyboard, offers Profile and Logout, and closes on Escape', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithProviders(<UserMenu user={{ name: 'Ada Obi', role: 'super_admin' }} profilePath="/super-admin/settings/system" onLogout={onLogout} />);
    const button = screen.getByRole('button', { name: 'Ada Obi Super Admin' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.textContent).toContain('AO');
    expect(button.textContent).toContain('Super Admin');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const profile = await screen.findByRole('menuitem', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/super-admin/settings/system');
    expect(document.activeElement).toBe(profile);

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Logout' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('logs out from the menu', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithProviders(<UserMenu user={{ name: 'Ada Obi', role: 'admin' }} profilePath="/admin/settings" onLogout={onLogout} />);
    await user.click(screen.getByRole('button', { name: 'Ada Obi Admin' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
