import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { breadcrumbsFor, pageTitleFor } from '../dashboard/breadcrumbs';
import { TopBar } from '../dashboard/top-bar';

const UUID = '0b6f4c1e-9a8b-4c3d-8e7f-123456789abc';

function renderTopBar(pathname: string, homePath = '/admin/dashboard') {
  renderWithProviders(
    <TopBar
      pathname={pathname}
      homePath={homePath}
      profilePath="/admin/settings"
      user={{ name: 'Ada Obi', role: 'admin' }}
      onOpenMenu={() => undefined}
      onLogout={() => undefined}
    />,
    { route: pathname },
  );
  const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('TopBar', () => {
  it('titles the page after the first path segment', () => {
    renderTopBar('/super-admin/settings/system', '/super-admin/dashboard');
    expect(screen.getByTestId('top-bar-title').textContent).toBe('Super Admin');
  });

  it('titles the teachers area Teachers', () => {
    expect(pageTitleFor('/teachers/lesson-notes')).toBe('Teachers');
    expect(pageTitleFor('/admin')).toBe('Admin');
  });

  it('shows Home, the second and the third segment', () => {
    expect(renderTopBar('/admin/academics/add-staff')).toEqual(['Home', 'Academics', 'Add Staff']);
  });

  it('hides the third segment when it is an id', () => {
    expect(renderTopBar(`/student/dashboard/${UUID}`, `/student/dashboard/${UUID}`)).toEqual(['Home', 'Dashboard']);
    expect(breadcrumbsFor('/admin/records/42', '/admin/dashboard').map((crumb) => crumb.label)).toEqual(['Home', 'Records']);
  });

  it('shows no fourth segment', () => {
    expect(renderTopBar(`/admin/academics/staff-profile/${UUID}`)).toEqual(['Home', 'Academics', 'Staff Profile']);
  });

  it('links Home to the role’s home and marks the last crumb as the current page', () => {
    renderTopBar('/admin/records/results');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/admin/dashboard');
    expect(screen.getByRole('link', { name: 'Records' }).getAttribute('href')).toBe('/admin/records');
    expect(screen.getByText('Results').getAttribute('aria-current')).toBe('page');
  });

  it('has a search box', () => {
    renderTopBar('/admin/dashboard');
    expect(screen.getAllByRole('combobox', { name: 'Search' }).length).toBeGreaterThan(0);
  });
});
