import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PrinterIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { PrintSheet } from '@/components/ui/print-sheet';
import { formatDate } from '@/lib/format';

/** '48291365' → '4829 1365', easier to read aloud and type. */
export const groupedCode = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

/** One account's invitation code, as a slip (ADR 0036): a student's or parent's, a staff member's. */
export interface Slip {
  /** Whom the slip is about, in bold: 'Ife Adeyemi'. */
  title: string;
  /** After the title, in brackets: a registration number. */
  titleNote?: string;
  /** Whose account it is, on the slip: 'Parent’s account: Mrs Ola'. */
  account: string;
  /** The same in the list of codes: 'parent Mrs Ola'. */
  listLabel: string;
  email: string;
  code: string;
  expiresAt: string;
}

export interface SlipSet {
  registerUrl: string;
  items: Slip[];
  /** Printed at the top of each slip. */
  heading?: string;
}

/** One slip per account: whose, the code, where and how to sign up. */
export function SlipCards({ slips }: { slips: SlipSet }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:grid-cols-2 print:gap-2" aria-label="Invitation slips">
      {slips.items.map((i) => (
        <li key={`${i.email}-${i.code}`} className="break-inside-avoid rounded-lg border border-dashed border-slate-400 p-3 text-slate-900">
          {slips.heading ? <p className="text-sm font-bold">{slips.heading}</p> : null}
          <p className="text-sm font-semibold">
            {i.title} {i.titleNote ? <span className="font-normal text-slate-600">({i.titleNote})</span> : null}
          </p>
          <p className="text-xs text-slate-600">{i.account}</p>
          <p className="mt-1 text-xs break-all">
            Email: <span className="font-mono">{i.email}</span>
          </p>
          <p className="my-1.5 font-mono text-lg font-bold tracking-wider" aria-label={`Invitation code ${i.code}`}>
            {groupedCode(i.code)}
          </p>
          <p className="text-xs break-all">
            Open <span className="font-mono">{slips.registerUrl}</span>, enter this email, the code and a password of your choice.
          </p>
          <p className="text-xs text-slate-600">Works once, until {formatDate(i.expiresAt.slice(0, 10))}.</p>
        </li>
      ))}
    </ul>
  );
}

export interface SlipsPrintModalProps {
  title: string;
  description?: string;
  slips: SlipSet;
  /** Shown instead of the slips when there are none. */
  emptyText?: string;
  onClose: () => void;
}

/** The slips in a dialog with a Print button; the printer gets the slips only. */
export function SlipsPrintModal({ title, description, slips, emptyText = 'Everyone has already signed up.', onClose }: SlipsPrintModalProps) {
  const empty = slips.items.length === 0;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      size="3xl"
      footer={
        <>
          <Button variant="gray" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" icon={<PrinterIcon size={18} />} disabled={empty} onClick={() => window.print()}>
            Print
          </Button>
        </>
      }
    >
      {empty ? (
        <p className="py-6 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <>
          <SlipCards slips={slips} />
          <PrintSheet>
            <div className="p-4">
              <SlipCards slips={slips} />
            </div>
          </PrintSheet>
        </>
      )}
    </Modal>
  );
}

export interface InvitationCodesProps {
  slips: SlipSet;
  /** Where new slips can be printed later, after 'print them, or later print new slips ': 'for a class'. */
  reprint: string;
  /** Codes in the list as '4829 1365' (the slips always group them). */
  groupCodes?: boolean;
}

/**
 * The codes just issued (an import, an admission) when mail is not configured: shown once (the server
 * keeps them hashed), to hand out or print as slips.
 */
export function InvitationCodes({ slips, reprint, groupCodes = true }: InvitationCodesProps) {
  const [printing, setPrinting] = useState(false);
  const n = slips.items.length;
  return (
    <section aria-label="Invitation codes" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {n} invitation code{n === 1 ? '' : 's'} to hand out
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Email is not set up for this school, so nobody was mailed. Give each person their code; they sign up at{' '}
            <span className="font-mono break-all">{slips.registerUrl}</span>. The codes are shown only now: print them, or later print new slips {reprint}.
          </p>
        </div>
        <Button variant="primary" size="sm" icon={<PrinterIcon size={16} />} onClick={() => setPrinting(true)} className="shrink-0">
          Print slips
        </Button>
      </div>
      <ul className="divide-y divide-amber-200 text-sm">
        {slips.items.map((i) => (
          <li key={`${i.email}-${i.code}`} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:gap-4">
            <span className="min-w-0 flex-1">
              <span className="font-medium text-slate-900">{i.title}</span>{' '}
              <span className="text-slate-600">
                · {i.listLabel} · <span className="break-all">{i.email}</span>
              </span>
            </span>
            <span className="font-mono font-bold tracking-wider">{groupCodes ? groupedCode(i.code) : i.code}</span>
          </li>
        ))}
      </ul>
      {printing ? (
        <SlipsPrintModal
          title="Print invitation slips"
          description="One slip per account; cut along the dashed lines."
          slips={slips}
          onClose={() => setPrinting(false)}
        />
      ) : null}
    </section>
  );
}
