import type { Role } from '@school/shared/auth/roles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TopBar } from '../dashboard/top-bar';

function renderFor(role: Role) {
  renderWithProviders(
    <TopBar
      pathname="/x/dashboard"
      homePath="/x/dashboard"
      profilePath="/x/settings"
      user={{ name: 'Ada Obi', role }}
      onOpenMenu={() => undefined}
      onLogout={() => undefined}
    />,
    { route: '/x/dashboard' },
  );
}

describe('the top-bar search', () => {
  it.each(['admin', 'teacher', 'super_admin'] as const)('is offered to a %s', (role) => {
    renderFor(role);
    expect(screen.getAllByRole('search').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('combobox', { name: 'Search' }).length).toBeGreaterThan(0);
  });

  // it finds a school's students, staff and classes, none of which a pupil or a family may look up
  it.each(['student', 'parent'] as const)('is not offered to a %s, for whom it could only say "No results"', (role) => {
    renderFor(role);
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull();
  });
});
