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

  it('forgets a page’s answers that were on screen when the session ended, once the page leaves', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(AUTH_ME_QUERY_KEY, { id: 'u1', name: 'Mrs Adeyemi' });
    const register = ['attendance', 'register', 'c1', '2024-05-22'];
    queryClient.setQueryData(register, { entries: ['Chidera: Absent'] });
    // her register is open when the server answers 401 somewhere: the shell learns nobody is signed in
    const onScreen = new QueryObserver(queryClient, { queryKey: register, queryFn: () => ({ entries: [] }), staleTime: Infinity }).subscribe(() => undefined);
    queryClient.setQueryData(AUTH_ME_QUERY_KEY, null);
    expect(queryClient.getQueryData(register)).toBeDefined();
    // the shell shows the sign-in page: the register unmounts
    onScreen();
    expect(queryClient.getQueryData(register)).toBeUndefined();
  });

  it('keeps a page’s answers when it unmounts while someone is signed in', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(AUTH_ME_QUERY_KEY, { id: 'u1', name: 'Mrs Adeyemi' });
    const register = ['attendance', 'register', 'c1', '2024-05-22'];
    queryClient.setQueryData(register, { entries: ['Chidera: Absent'] });
    const onScreen = new QueryObserver(queryClient, { queryKey: register, queryFn: () => ({ entries: [] }), staleTime: Infinity }).subscribe(() => undefined);
    onScreen();
    expect(queryClient.getQueryData(register)).toEqual({ entries: ['Chidera: Absent'] });
  });
});
