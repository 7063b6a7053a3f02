// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../constants';
import { MODULES, USER_GROUPS } from '../content';
import HomePage, { Component as HomeComponent } from '../routes/home';
import HomeTwoPage, { Component as HomeTwoComponent } from '../routes/home2';

const MODULE_TITLES = [
  'Simplified dashboard',
  'Admission management',
  'Attendance management',
  'Records management',
  'Result processing',
  'School fees and finance',
  'Report, security and safety',
  'Extra-curricular performance',
];

function renderPage(Page: ComponentType, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

afterEach(() => cleanup());

describe.each([
  ['HomePage', HomePage, '/'],
  ['HomeTwoPage', HomeTwoPage, '/web/home2'],
] as const)('%s', (_name, Page, path) => {
  it('has the four landing sections and the page landmarks', () => {
    const { container } = renderPage(Page, path);
    for (const id of ['home', 'about', 'features', 'testimonials']) {
      expect(container.querySelector(`section#${id}`), `section #${id}`).not.toBeNull();
    }
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('links the navigation to the sections and the auth pages', () => {
    renderPage(Page, path);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const expected: Record<string, string> = {
      Home: '#home',
      'About Us': '#about',
      Features: '#features',
      Testimonials: '#testimonials',
      Login: '/auth/login',
      'Register your school': '/auth/school-register',
      'Apply for admission': '/auth/serial-code',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(nav.getByRole('link', { name }).getAttribute('href'), name).toBe(href);
    }
  });

  it('lists each of the eight modules with a description', () => {
    const { container } = renderPage(Page, path);
    const features = within(container.querySelector<HTMLElement>('section#features')!);
    const items = features.getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(MODULES.map((m) => m.title)).toEqual(MODULE_TITLES);
    for (const title of MODULE_TITLES) {
      const heading = features.getByRole('heading', { name: title });
      expect(heading.closest('li')?.querySelector('p')?.textContent?.length).toBeGreaterThan(40);
    }
  });

  it('names every user group', () => {
    renderPage(Page, path);
    for (const title of ['Super administrators', 'School administrators', 'Teachers', 'Students', 'Parents']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(USER_GROUPS).toHaveLength(5);
  });

  it('does not present invented customer quotes', () => {
    const { container } = renderPage(Page, path);
    const testimonials = container.querySelector<HTMLElement>('section#testimonials')!;
    expect(testimonials.querySelector('blockquote, q, figure')).toBeNull();
    expect(testimonials.textContent).toMatch(/no customer testimonials/i);
  });

  it('shows the product name and the year in the footer', () => {
    renderPage(Page, path);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${PRODUCT_NAME}`);
  });

  it('opens and closes the mobile menu with the keyboard', () => {
    renderPage(Page, path);
    const button = screen.getByRole('button', { name: /menu/i });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(button.getAttribute('aria-controls')).toBe(nav.id);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(within(nav).getByRole('link', { name: 'Features' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

it('exports Component for react-router lazy routes', () => {
  expect(HomeComponent).toBe(HomePage);
  expect(HomeTwoComponent).toBe(HomeTwoPage);
});
