import type { Register } from '@school/shared/attendance/responses';
import type { SaveRegisterInput } from '@school/shared/attendance/schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { saveOrQueue } from '@/lib/outbox/save-or-queue';
import { attendanceKeys } from './keys';

export function saveRegister(input: SaveRegisterInput): Promise<Register> {
  return api.put<Register>('/api/attendance/register', input);
}

async function registerSaved(queryClient: QueryClient, register: Register) {
  queryClient.setQueryData(attendanceKeys.register(register.classId, register.date), register);
  await queryClient.invalidateQueries({ queryKey: attendanceKeys.all, predicate: (q) => q.queryKey[1] !== 'register' });
}

/**
 * The administrator's save: online only (no outbox). Given a `baseVersion`, a register saved meanwhile
 * answers 409 (see conflictCurrent); without one it replaces whatever is there.
 */
export function useSaveRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegister,
    onSuccess: (register) => registerSaved(queryClient, register),
  });
}

/** The outbox's key of one register: a second save of it offline replaces the first. */
export const registerChangeKey = (classId: string, date: string) => `register:${classId}:${date}`;

/**
 * The class teacher's save (issue 21): sent at once when the server can be reached, otherwise kept
 * in the outbox and sent when the connection returns. Names the version the marks were made on, so a
 * register saved meanwhile by someone else answers 409 (see conflictCurrent) instead of being overwritten.
 */
export function useSaveRegisterOrQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    // offline it keeps the save in the outbox itself: never paused until the browser is online
    networkMode: 'always',
    mutationFn: ({ className, ...input }: SaveRegisterInput & { className: string }) =>
      saveOrQueue<Register>(queryClient, {
        kind: 'register',
        key: registerChangeKey(input.classId, input.date),
        label: `Register of ${className}, ${formatDate(input.date)}`,
        url: '/api/attendance/register',
        body: input,
        answerKey: [...attendanceKeys.register(input.classId, input.date)],
        invalidate: [[...attendanceKeys.all]],
      }),
    onSuccess: async (outcome) => {
      if (outcome.saved) await registerSaved(queryClient, outcome.saved);
    },
  });
}
