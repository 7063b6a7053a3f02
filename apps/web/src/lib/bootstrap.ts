import type { BootstrapResponse } from '@school/shared/bootstrap/responses';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/bootstrap: what every page needs first (the user, academic sessions, permissions, unread
 * notices) in one answer. index.html preloads it; the first ask here takes the preloaded answer, so a
 * cold page asks the server once. The request goes `asPreloaded` (no header of the app's own): a fetch
 * that differs from the preload (an extra header) would not be matched and would go out again.
 *
 * Features never import each other: the app registers, with `onBootstrap`, where each part goes in the
 * query cache (app/bootstrap-seeds.ts), and the auth feature's session query calls `fetchBootstrap`.
 */
type Seed = (data: BootstrapResponse, client: QueryClient) => void;

const seeds: Seed[] = [];

export function onBootstrap(seed: Seed): void {
  seeds.push(seed);
}

export async function fetchBootstrap(client: QueryClient): Promise<BootstrapResponse> {
  const data = await api.get<BootstrapResponse>('/api/bootstrap', { asPreloaded: true });
  for (const seed of seeds) seed(data, client);
  return data;
}
