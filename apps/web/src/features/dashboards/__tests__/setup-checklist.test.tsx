import { SETUP_STEPS, type SetupStep } from '@school/shared/dashboards/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ADMIN_SETUP_LINKS, SetupChecklist } from '../components/setup-checklist';

const SCHOOL = '6f1c2f0e-1111-4a4a-9b9b-0000000000bb';

function checklist(done: SetupStep[]) {
  const steps = SETUP_STEPS.map((step) => ({ step, done: done.includes(step) }));
  return { schoolId: SCHOOL, steps, complete: steps.every((s) => s.done) };
}

describe('SetupChecklist', () => {
  it('lists the nine steps in order, ticks the done ones and links each to its screen', async () => {
    const requests = mockApi({ 'GET /api/dashboard/setup': { status: 200, body: checklist(['sessions', 'classes']) } });
    renderWithProviders(<SetupChecklist schoolId={SCHOOL} links={ADMIN_SETUP_LINKS} />);
    const list = await screen.findByRole('list', { name: 'Set-up steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Session and terms',
      'Classes',
      'Subjects',
      'Staff',
      'Subject teachers',
      'Students',
      'Fees',
      'Grading',
      'Report card',
    ]);
    expect(within(items[0]).getByText('(done)')).toBeTruthy();
    expect(within(items[1]).getByText('(done)')).toBeTruthy();
    expect(within(items[2]).getByText('(to do)')).toBeTruthy();
    expect(screen.getByText('2 of 9 steps done')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2');
    expect(within(list).getByRole('link', { name: 'Classes' }).getAttribute('href')).toBe('/admin/academics/add-class');
    expect(within(list).getByRole('link', { name: 'Subject teachers' }).getAttribute('href')).toBe('/admin/academics/import-subject-teachers');
    expect(within(list).getByRole('link', { name: 'Fees' }).getAttribute('href')).toBe('/admin/finance?tab=fee-items');
    expect(requests[0].url).toBe('/api/dashboard/setup');
  });

  it('can be dismissed, is remembered, and comes back with "Show set-up steps"', async () => {
    mockApi({ 'GET /api/dashboard/setup': { status: 200, body: checklist(['sessions']) } });
    const user = userEvent.setup();
    const first = renderWithProviders(<SetupChecklist schoolId={SCHOOL} links={ADMIN_SETUP_LINKS} />);
    await user.click(await screen.findByRole('button', { name: 'Hide set-up steps' }));
    expect(screen.queryByRole('list', { name: 'Set-up steps' })).toBeNull();
    expect(screen.getByText(/1 of 9 set-up steps done/)).toBeTruthy();
    first.unmount();

    // a later visit keeps it hidden
    renderWithProviders(<SetupChecklist schoolId={SCHOOL} links={ADMIN_SETUP_LINKS} />);
    await user.click(await screen.findByRole('button', { name: 'Show set-up steps' }));
    expect(screen.getByRole('list', { name: 'Set-up steps' })).toBeTruthy();
  });

  it('hides itself once every step is done', async () => {
    mockApi({ 'GET /api/dashboard/setup': { status: 200, body: checklist([...SETUP_STEPS]) } });
    const user = userEvent.setup();
    renderWithProviders(<SetupChecklist schoolId={SCHOOL} links={ADMIN_SETUP_LINKS} />);
    expect(await screen.findByText(/Every set-up step is done/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Set-up steps' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show set-up steps' }));
    expect(within(screen.getByRole('list', { name: 'Set-up steps' })).getAllByText('(done)')).toHaveLength(9);
  });

  it('names the school for an owner, compact, each step opening through the owner’s way in', async () => {
    const requests = mockApi({ 'GET /api/dashboard/setup': { status: 200, body: checklist([]) } });
    const opened: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <SetupChecklist
        schoolId={SCHOOL}
        asOwner
        compact
        title="Greenfield Academy"
        links={ADMIN_SETUP_LINKS}
        onOpenStep={(to) => opened.push(to)}
        action={<button type="button">Run this school</button>}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Greenfield Academy' })).toBeTruthy();
    expect(requests[0].url).toBe(`/api/dashboard/setup?schoolId=${SCHOOL}`);
    const list = screen.getByRole('list', { name: 'Set-up steps' });
    expect(within(list).queryByRole('link')).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Classes' }));
    await user.click(within(list).getByRole('button', { name: 'Subject teachers' }));
    await user.click(within(list).getByRole('button', { name: 'Students' }));
    expect(opened).toEqual(['/admin/academics/add-class', '/admin/academics/import-subject-teachers', '/admin/admissions/import']);
    expect(screen.getByRole('button', { name: 'Run this school' })).toBeTruthy();
  });

  it('says when the steps could not be loaded, with a way to try again', async () => {
    mockApi({ 'GET /api/dashboard/setup': { status: 500, body: { message: 'Server error' } } });
    renderWithProviders(<SetupChecklist schoolId={SCHOOL} links={ADMIN_SETUP_LINKS} />);
    expect(await screen.findByText(/The set-up steps could not be loaded/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
