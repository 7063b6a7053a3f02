import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: 0 } },
  });
}

/** Renders inside a fresh query client and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient(), ...options }: RenderOptions & { route?: string; queryClient?: QueryClient } = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

type Handler = (request: { url: string; method: string; headers: Headers; body: unknown }) => {
  status: number;
  body?: unknown;
};

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/**
 * Replaces fetch with answers by 'METHOD /path'. Unknown requests answer 404. Returns the list of
 * requests made, to check what the app sent.
 */
export function mockApi(routes: Record<string, Handler | { status: number; body?: unknown }>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, headers, body };
    requests.push(request);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(request) : (route ?? { status: 404, body: { message: 'Not found' } });
    return new Response(answer.status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

export const sampleUser = {
  id: '6f1c2f0e-1111-4a4a-9b9b-000000000001',
  name: 'Ada Obi',
  email: 'ada@school.test',
  role: 'admin' as const,
  organisationId: '6f1c2f0e-1111-4a4a-9b9b-0000000000aa',
  organisationName: 'Bright Future Schools',
  schoolId: '6f1c2f0e-1111-4a4a-9b9b-0000000000bb',
  schoolName: 'Bright Future College',
  studentId: null,
  selectedAcademicSessionId: null,
  actingOwner: false,
};
