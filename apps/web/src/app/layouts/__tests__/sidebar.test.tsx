import type { Role } from '@school/shared/auth/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Sidebar } from '../dashboard/sidebar';

const STUDENT_ID = '0b6f4c1e-9a8b-4c3d-8e7f-123456789abc';

function renderSidebar(role: Role, pathname: string, collapsed = false) {
  const onToggleCollapsed = vi.fn();
  renderWithProviders(
    <Sidebar
      user={{ role, studentId: role === 'student' ? STUDENT_ID : null }}
      homePath="/"
      pathname={pathname}
      collapsed={collapsed}
      onToggleCollapsed={onToggleCollapsed}
      onLogout={() => undefined}
    />,
    { route: pathname },
  );
  const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
  return { onToggleCollapsed, items: links.map((link) => [link.textContent, link.getAttribute('href')]) };
}

describe('Sidebar', () => {
  it('gives the super admin its six tabs and the noticeboard (decision 0016)', () => {
    expect(renderSidebar('super_admin', '/super-admin/dashboard').items).toEqual([
      ['Dashboard', '/super-admin/dashboard'],
      ['User Roles', '/super-admin/user-roles'],
      ['Schools', '/super-admin/schools'],
      ['Reports', '/super-admin/reports'],
      ['Security', '/super-admin/security'],
      ['Noticeboard', '/super-admin/noticeboard'],
      ['Settings', '/super-admin/settings'],
    ]);
  });

  it('gives the admin its eight tabs, and Ratings and Approvals (issue 18) and Messages (issue 20)', () => {
    expect(renderSidebar('admin', '/admin/dashboard').items).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Admissions', '/admin/admissions'],
      ['Academics', '/admin/academics'],
      ['Records', '/admin/records'],
      ['Ratings', '/admin/records/ratings'],
      ['Approvals', '/admin/records/approvals'],
      ['Finance', '/admin/finance'],
      ['Noticeboard', '/admin/noticeboard'],
      ['Messages', '/admin/messages'],
      ['Reports', '/admin/reports'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it('gives the teacher its seven tabs, and Ratings and Approvals (issue 18)', () => {
    expect(renderSidebar('teacher', '/teachers/dashboard').items).toEqual([
      ['Dashboard', '/teachers/dashboard'],
      ['Students', '/teachers/students'],
      ['Lesson Notes', '/teachers/lesson-notes'],
      ['Assessment', '/teachers/assessments'],
      ['Ratings', '/teachers/ratings'],
      ['Approvals', '/teachers/approvals'],
      ['Comments', '/teachers/class-teacher-comments'],
      ['Attendance', '/teachers/attendance'],
      ['Noticeboard', '/teachers/noticeboard'],
      ['Settings', '/teachers/settings'],
    ]);
  });

  it('gives the student nine tabs that carry the student id', () => {
    expect(renderSidebar('student', `/student/dashboard/${STUDENT_ID}`).items).toEqual([
      ['Dashboard', `/student/dashboard/${STUDENT_ID}`],
      ['My Profile', `/student/profile/${STUDENT_ID}`],
      ['Attendance', `/student/attendance/${STUDENT_ID}`],
      ['Subjects', `/student/subjects/${STUDENT_ID}`],
      ['Results', `/student/results/${STUDENT_ID}`],
      ['Time Table', `/student/timetable/${STUDENT_ID}`],
      ['School Fees', `/student/fees/${STUDENT_ID}`],
      ['Noticeboard', `/student/notice-board/${STUDENT_ID}`],
      ['Settings', `/student/settings/${STUDENT_ID}`],
    ]);
  });

  it('gives the parent a dashboard, their children, the noticeboard and settings', () => {
    expect(renderSidebar('parent', '/parent/dashboard').items).toEqual([
      ['Dashboard', '/parent/dashboard'],
      ['Children', '/parent/children'],
      ['Noticeboard', '/parent/noticeboard'],
      ['Settings', '/parent/settings'],
    ]);
  });

  it('marks the current tab, also on its sub-pages', () => {
    renderSidebar('student', `/student/profile/edit-profile/${STUDENT_ID}`);
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['My Profile']);
  });

  it('keeps Settings current under /super-admin/settings/system', () => {
    renderSidebar('super_admin', '/super-admin/settings/system');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('offers to collapse when expanded and to expand when collapsed', async () => {
    const expanded = renderSidebar('admin', '/admin/dashboard');
    const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(collapse);
    expect(expanded.onToggleCollapsed).toHaveBeenCalledOnce();
  });

  it('keeps the labels for screen readers when collapsed', () => {
    renderSidebar('admin', '/admin/dashboard', true);
    expect(screen.getByRole('button', { name: 'Expand sidebar' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Finance' }).getAttribute('href')).toBe('/admin/finance');
  });
});
