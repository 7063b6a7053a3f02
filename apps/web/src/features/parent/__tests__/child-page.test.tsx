import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ChildPage } from '../components/child-header';
import { ChildrenList } from '../components/children-list';

const CHILD = { studentId: 'st-1', name: 'Chidera Okonkwo', className: 'JSS 1 A', registrationNo: 'GFA/2026/0001' };

describe('a parent’s child pages', () => {
  it('links each child on the list to their pages', async () => {
    mockApi({ 'GET /api/parent/children': { status: 200, body: { items: [CHILD] } } });
    renderWithProviders(<ChildrenList />);
    expect((await screen.findByRole('link', { name: 'Chidera Okonkwo' })).getAttribute('href')).toBe('/parent/children/st-1');
  });

  it('frames a child’s page with their name and links to every section, results, attendance and fees included', async () => {
    mockApi({ 'GET /api/parent/children': { status: 200, body: { items: [CHILD] } } });
    renderWithProviders(<ChildPage studentId="st-1">{(child) => <p>Content of {child.name}</p>}</ChildPage>, { route: '/parent/children/st-1' });
    expect(await screen.findByText('Content of Chidera Okonkwo')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Chidera Okonkwo’s pages' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Overview', '/parent/children/st-1'],
      ['Subjects', '/parent/children/st-1/subjects'],
      ['Timetable', '/parent/children/st-1/timetable'],
      ['Results', '/parent/children/st-1/results'],
      ['Assignments', '/parent/children/st-1/assignments'],
      ['Attendance', '/parent/children/st-1/attendance'],
      ['Fees', '/parent/children/st-1/fees'],
    ]);
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
  });

  it('says not found for a child who is not theirs', async () => {
    mockApi({ 'GET /api/parent/children': { status: 200, body: { items: [CHILD] } } });
    renderWithProviders(<ChildPage studentId="someone-else">{() => <p>secret</p>}</ChildPage>);
    expect(await screen.findByText('Child not found')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });
});
