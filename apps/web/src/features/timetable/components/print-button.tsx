import { Button } from '@/components/ui/button';
import { PrinterIcon } from '@/components/ui/icons';
import './timetable-print.css';

/** Opens the browser's print dialog; the page's .timetable-print part prints on A4 landscape. */
export function PrintButton({ disabled }: { disabled?: boolean }) {
  return (
    <Button variant="gray" size="sm" icon={<PrinterIcon size={18} />} onClick={() => window.print()} disabled={disabled} className="no-print">
      Print
    </Button>
  );
}
