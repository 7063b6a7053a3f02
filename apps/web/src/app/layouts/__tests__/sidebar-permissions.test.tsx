import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { navItemsFor } from '../dashboard/navigation';
import { Sidebar } from '../dashboard/sidebar';

const copy = <T,>(value: T): T => JSON.parse(JSON.stringify(value));

describe('sidebar and the permission matrix', () => {
  it('shows every spec tab under the default matrix', () => {
    for (const role of ['super_admin', 'admin', 'teacher', 'student', 'parent'] as const) {
      expect(navItemsFor({ role, studentId: 'x' }, DEFAULT_PERMISSION_MATRIX[role])).toEqual(navItemsFor({ role, studentId: 'x' }));
    }
  });

  it('hides the items whose area the role may not view', () => {
    const grants = copy(DEFAULT_PERMISSION_MATRIX.teacher);
    grants.students.view = false;
    grants['lesson-notes'] = { add: true, edit: true, delete: true, view: false };
    renderWithProviders(
      <Sidebar user={{ role: 'teacher' }} grants={grants} homePath="/" pathname="/teachers/dashboard" collapsed={false} onLogout={() => undefined} />,
    );
    const labels = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Dashboard', 'Assessment', 'Ratings', 'Approvals', 'Comments', 'Attendance', 'Noticeboard', 'Settings']);
  });

  it('gives a super admin without the schools area no Schools tab', () => {
    const grants = copy(DEFAULT_PERMISSION_MATRIX.super_admin);
    grants.schools.view = false;
    expect(navItemsFor({ role: 'super_admin' }, grants).map((navItem) => navItem.label)).not.toContain('Schools');
  });
});
