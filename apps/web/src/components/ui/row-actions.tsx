import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from './confirm-dialog';
import {
  ArchiveIcon,
  BellIcon,
  BellOffIcon,
  CheckCircleIcon,
  DownloadIcon,
  EditIcon,
  EyeIcon,
  PrinterIcon,
  SendIcon,
  ToggleOnIcon,
  TrashIcon,
  XCircleIcon,
  type IconComponent,
} from './icons';

export type RowActionType =
  'view' | 'absent' | 'present' | 'send' | 'delete' | 'toggleOn' | 'subscribe' | 'unsubscribe' | 'download' | 'edit' | 'archive' | 'print';

const ACTIONS: Record<RowActionType, { label: string; Icon: IconComponent; className: string; destructive?: boolean }> = {
  view: { label: 'View', Icon: EyeIcon, className: 'text-slate-600 hover:bg-slate-100' },
  absent: { label: 'Mark absent', Icon: XCircleIcon, className: 'text-amber-700 hover:bg-amber-50' },
  present: { label: 'Mark present', Icon: CheckCircleIcon, className: 'text-green-700 hover:bg-green-50' },
  send: { label: 'Send', Icon: SendIcon, className: 'text-sky-700 hover:bg-sky-50' },
  delete: { label: 'Delete', Icon: TrashIcon, className: 'text-red-700 hover:bg-red-50', destructive: true },
  toggleOn: { label: 'Turn on', Icon: ToggleOnIcon, className: 'text-secondary hover:bg-primary-50' },
  subscribe: { label: 'Subscribe', Icon: BellIcon, className: 'text-secondary hover:bg-primary-50' },
  unsubscribe: { label: 'Unsubscribe', Icon: BellOffIcon, className: 'text-slate-600 hover:bg-slate-100' },
  download: { label: 'Download', Icon: DownloadIcon, className: 'text-slate-600 hover:bg-slate-100' },
  edit: { label: 'Edit', Icon: EditIcon, className: 'text-secondary hover:bg-primary-50' },
  archive: { label: 'Archive', Icon: ArchiveIcon, className: 'text-slate-600 hover:bg-slate-100', destructive: true },
  print: { label: 'Print', Icon: PrinterIcon, className: 'text-slate-600 hover:bg-slate-100' },
};

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
}

export interface RowAction {
  type: RowActionType;
  /** Print defaults to the browser's print dialog; every other action needs a handler. */
  onClick?: () => void | Promise<unknown>;
  /** Ask first (delete, archive…); `true` uses a default question. */
  confirm?: boolean | ConfirmOptions;
  /** Overrides the default label, e.g. 'View application'. */
  label?: string;
  disabled?: boolean;
}

export interface RowActionsProps {
  actions: RowAction[];
  /** Names the row in labels: 'Delete Ada Obi'. */
  rowLabel?: string;
  className?: string;
}

function confirmOptions(action: RowAction, label: string): ConfirmOptions | null {
  if (!action.confirm) return null;
  if (action.confirm === true) {
    return { title: `${label}?`, message: 'Please confirm that you want to do this.', confirmLabel: ACTIONS[action.type].label };
  }
  return action.confirm;
}

/** The spec's reusable set of row actions, each an icon button with a spoken label. */
export function RowActions({ actions, rowLabel, className }: RowActionsProps) {
  const [pending, setPending] = useState<{ action: RowAction; options: ConfirmOptions; label: string } | null>(null);
  const [running, setRunning] = useState(false);

  async function run(action: RowAction) {
    if (action.type === 'print' && !action.onClick) {
      window.print();
      return;
    }
    await action.onClick?.();
  }

  async function onConfirm() {
    if (!pending) return;
    setRunning(true);
    try {
      await run(pending.action);
    } finally {
      setRunning(false);
      setPending(null);
    }
  }

  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      {actions.map((action) => {
        const meta = ACTIONS[action.type];
        const label = action.label ?? (rowLabel ? `${meta.label} ${rowLabel}` : meta.label);
        const options = confirmOptions(action, label);
        return (
          <button
            key={action.type}
            type="button"
            aria-label={label}
            title={action.label ?? meta.label}
            disabled={action.disabled}
            onClick={() => {
              if (options) setPending({ action, options, label });
              else void run(action);
            }}
            className={cn(
              'inline-flex size-8 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed disabled:opacity-40',
              meta.className,
            )}
          >
            <meta.Icon size={18} />
          </button>
        );
      })}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.options.title ?? ''}
        message={pending?.options.message}
        confirmLabel={pending?.options.confirmLabel ?? 'Confirm'}
        tone={pending && ACTIONS[pending.action.type].destructive ? 'danger' : 'default'}
        loading={running}
        onConfirm={() => void onConfirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
