import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AUTH_ME_QUERY_KEY, createQueryClient } from '../query-client';

describe('the query cache when the session ends', () => {
  it('forgets the last user’s answers once the server says nobody is signed in, keeping what a page shows', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(AUTH_ME_QUERY_KEY, { id: 'u1', name: 'Mrs Adeyemi' });
    queryClient.setQueryData(['attendance', 'register', 'c1', '2024-05-22'], { entries: ['Chidera: Absent'] });
    queryClient.setQueryData(['public', 'school'], { name: 'Greenfield' });
    // the sign-in page shows the school's public details
    const unsubscribe = new QueryObserver(queryClient, {
      queryKey: ['public', 'school'],
      queryFn: () => ({ name: 'Greenfield' }),
      staleTime: Infinity,
    }).subscribe(() => undefined);

    // still signed in: nothing goes
    queryClient.setQueryData(AUTH_ME_QUERY_KEY, { id: 'u1', name: 'Mrs Adeyemi' });
    expect(queryClient.getQueryData(['attendance', 'register', 'c1', '2024-05-22'])).toBeDefined();

    // the session ended elsewhere: the bootstrap answers no user
    queryClient.setQueryData(AUTH_ME_QUERY_KEY, null);
    expect(queryClient.getQueryData(['attendance', 'register', 'c1', '2024-05-22'])).toBeUndefined();
    expect(queryClient.getQueryData(['public', 'school'])).toEqual({ name: 'Greenfield' });
    expect(queryClient.getQueryData(AUTH_ME_QUERY_KEY)).toBeNull();
    unsubscribe();
  });
});
