import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { SearchBox } from '../components/search-box';

const RESULTS = {
  items: [
    { kind: 'student', id: 's1', title: 'Chioma Okafor', subtitle: 'GFA/2023/0101 · JSS 1 A', path: '/admin/records/student-profile/s1' },
    { kind: 'student', id: 's2', title: 'Emeka Okafor', subtitle: 'GFA/2023/0102 · JSS 1 B', path: '/admin/records/student-profile/s2' },
    { kind: 'staff', id: 't1', title: 'Musa Okafor', subtitle: 'Gateman', path: '/admin/academics/staff-profile/t1' },
  ],
};

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function setup(answer: { status: number; body: unknown } = { status: 200, body: RESULTS }) {
  const requests = mockApi({ 'GET /api/search': answer });
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchBox />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: '/admin/dashboard' },
  );
  const box = screen.getByRole('combobox', { name: 'Search' });
  return { user, box, requests };
}

const options = () => screen.getAllByRole('option');

describe('SearchBox', () => {
  it('is a combobox that controls a listbox, closed at first', () => {
    const { box } = setup();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(document.getElementById(box.getAttribute('aria-controls')!)?.getAttribute('role')).toBe('listbox');
  });

  it('asks for at least 2 characters before searching', async () => {
    const { user, box, requests } = setup();
    await user.type(box, 'o');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Type at least 2 characters');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(requests).toEqual([]);
  });

  it('asks the server once typing pauses (250 ms), and lists the results by kind', async () => {
    const { user, box, requests } = setup();
    await user.type(box, 'okafor');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(requests.map((r) => r.url)).toEqual(['/api/search?q=okafor']);
    expect(screen.getByRole('group', { name: 'Students' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Staff' })).toBeTruthy();
  });

  it('moves through the options with the arrow keys, wrapping around', async () => {
    const { user, box } = setup();
    await user.type(box, 'okafor');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2].id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2].id);
    expect(options()[0].getAttribute('aria-selected')).toBe('false');
  });

  it('opens the highlighted result with Enter', async () => {
    const { user, box } = setup();
    await user.type(box, 'okafor');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/admin/records/student-profile/s2');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens the first result with Enter when none is highlighted', async () => {
    const { user, box } = setup();
    await user.type(box, 'okafor');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/admin/records/student-profile/s1');
  });

  it('closes with Escape, keeps the text, and clears it with a second Escape', async () => {
    const { user, box } = setup();
    await user.type(box, 'okafor');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('okafor');
    expect(screen.getByTestId('location').textContent).toBe('/admin/dashboard');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('opens a result clicked with the mouse', async () => {
    const { user, box } = setup();
    await user.type(box, 'okafor');
    await waitFor(() => expect(options()).toHaveLength(3));
    await user.click(screen.getByRole('option', { name: /Musa Okafor/ }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/academics/staff-profile/t1');
  });

  it('says when nothing was found', async () => {
    const { user, box } = setup({ status: 200, body: { items: [] } });
    await user.type(box, 'zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeTruthy();
  });
});
