/*
 * Whether any loaded code can show a toast. The toast library is only downloaded with the chunks
 * that use it (not with the login page), and its container mounts once one of them has loaded.
 */
let used = false;
const listeners = new Set<() => void>();

export function markToastsUsed(): void {
  if (used) return;
  used = true;
  listeners.forEach((listener) => listener());
}

export function subscribeToastsUsed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function areToastsUsed(): boolean {
  return used;
}
