import { TOAST } from '@school/shared/constants';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { areToastsUsed, subscribeToastsUsed } from './toast-signal';

const ToastContainer = lazy(() => import('react-toastify/unstyled').then((m) => ({ default: m.ToastContainer })));

/** The app's one ToastContainer (top-right, 5 s, drag to dismiss at 80 %), mounted when first needed. */
export function ToastHost() {
  const used = useSyncExternalStore(subscribeToastsUsed, areToastsUsed, () => false);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position={TOAST.position}
        autoClose={TOAST.autoClose}
        draggable
        draggablePercent={TOAST.draggablePercent}
        newestOnTop
        closeOnClick
        pauseOnFocusLoss
        theme="light"
      />
    </Suspense>
  );
}
