import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

const PRINT_ONLY_SHEET = '@media print { body > :not(.print-only-sheet) { display: none !important; } }';

/**
 * What the printer gets while this is mounted: its children only, without the app's shell. On
 * screen it is hidden; the page shows its own preview.
 */
export function PrintSheet({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="print-only-sheet hidden bg-white text-black print:block">
      <style>{PRINT_ONLY_SHEET}</style>
      {children}
    </div>,
    document.body,
  );
}
