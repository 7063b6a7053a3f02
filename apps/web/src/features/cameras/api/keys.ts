/** Query keys of the cameras feature; any write refreshes everything under `all`. */
export const cameraKeys = {
  all: ['cameras'] as const,
  list: (channel: string) => [...cameraKeys.all, 'list', channel] as const,
  detail: (id: string) => [...cameraKeys.all, 'detail', id] as const,
  options: () => [...cameraKeys.all, 'options'] as const,
  clips: (id: string, date: string) => [...cameraKeys.all, 'clips', id, date] as const,
  clipDays: (id: string, month: string) => [...cameraKeys.all, 'clip-days', id, month] as const,
};
