import type { Register, StudentRate } from '@school/shared/attendance/responses';
import type { SaveRegisterInput } from '@school/shared/attendance/schemas';
import { TABLE } from '@school/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Media } from 'react-data-table-component';
import { ConflictDialog } from '@/components/offline/conflict-dialog';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { DownloadIcon, PrinterIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { differingRows, savedByOf } from '@/lib/outbox/compare';
import { conflictCurrent } from '@/lib/outbox/save-or-queue';
import { useAttendanceOptions } from '../api/get-attendance-options';
import { useRates, ratesCsvUrl } from '../api/get-rates';
import { useRegister } from '../api/get-register';
import { attendanceKeys } from '../api/keys';
import { useSaveRegister } from '../api/save-register';
import { ClassRatesTable, StudentRatesPrintTable } from '../components/rates-table';
import { formatRate } from '../components/rate-text';
import { RegisterEditor } from '../components/register-editor';
import '../components/attendance-print.css';

type Tab = 'rates' | 'registers';
const TABS = [
  { id: 'rates', label: 'Rates' },
  { id: 'registers', label: 'Registers' },
] as const;
type Marks = Pick<SaveRegisterInput, 'classId' | 'date' | 'entries'>;
const BELOW_CHOICES = ['', '95', '90', '85', '80', '75', '50'];

const studentColumns: TableColumn<StudentRate>[] = [
  { name: 'Registration Number', selector: (r) => r.registrationNo, hide: Media.SM, minWidth: '10rem' },
  { name: 'Name of Student', selector: (r) => r.name, wrap: true, grow: 2 },
  { name: 'Class', selector: (r) => r.className, hide: Media.SM, minWidth: '7rem' },
  { name: 'Present', selector: (r) => r.present, right: true, hide: Media.MD },
  { name: 'Absent', selector: (r) => r.absent, right: true, hide: Media.MD },
  { name: 'Late', selector: (r) => r.late, right: true, hide: Media.MD },
  { name: 'Excused', selector: (r) => r.excused, right: true, hide: Media.MD },
  { name: 'Rate', selector: (r) => r.rate ?? -1, format: (r) => formatRate(r.rate), right: true },
];

function RatesPanel({ terms, classes }: { terms: Array<{ id: string; name: string; isCurrent: boolean }>; classes: Array<{ id: string; name: string }> }) {
  const [termId, setTermId] = useState(terms.find((t) => t.isCurrent)?.id ?? terms[0]?.id ?? '');
  const [classId, setClassId] = useState('');
  const [below, setBelow] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE.pageSize);
  const filter = { termId, classId: classId || undefined, below: below ? Number(below) : undefined, page, pageSize };
  const refilter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const rates = useRates(filter);
  const data = rates.data;

  return (
    <div className="attendance-print">
      <div className="no-print mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Term"
          value={termId}
          onChange={(e) => refilter(() => setTermId(e.target.value))}
          options={terms.map((t) => ({ value: t.id, label: `${t.name} term` }))}
        />
        <SelectField
          label="Class"
          value={classId}
          onChange={(e) => refilter(() => setClassId(e.target.value))}
          options={[{ value: '', label: 'All classes' }, ...classes.map((c) => ({ value: c.id, label: c.name }))]}
        />
        <SelectField
          label="Students under a rate"
          value={below}
          onChange={(e) => refilter(() => setBelow(e.target.value))}
          options={BELOW_CHOICES.map((v) => ({ value: v, label: v ? `Below ${v}%` : 'Every student' }))}
        />
      </div>
      <div className="no-print mb-4 flex flex-wrap gap-2">
        <a href={ratesCsvUrl(filter)} download className={buttonClasses({ variant: 'gray', size: 'sm' })}>
          <DownloadIcon size={18} /> Export CSV
        </a>
        <Button variant="gray" size="sm" icon={<PrinterIcon size={18} />} onClick={() => window.print()} disabled={!data}>
          Print
        </Button>
      </div>
      {rates.isError ? (
        <LoadError error={rates.error} className="mb-4">
          <p>We could not load the rates. {rates.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void rates.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      {rates.isPending ? (
        <PageSpinner label="Loading the rates" />
      ) : data ? (
        <>
          <h2 className="mb-2 text-base font-semibold text-slate-900">
            Rates per class · {data.term.name} term ({formatDate(data.term.startDate)} – {formatDate(data.term.endDate)})
          </h2>
          <ClassRatesTable rows={data.classes} />
          <h2 className="mt-6 mb-2 text-base font-semibold text-slate-900">
            Rates per student{below ? ` · below ${below}%` : ''} ({data.studentsTotal}), lowest first
          </h2>
          <div className="print:hidden">
            <DataTable<StudentRate>
              ariaLabel="Rates per student"
              keyField="studentId"
              columns={studentColumns}
              data={data.students}
              progressPending={rates.isFetching && rates.isPlaceholderData}
              paginationServer
              paginationTotalRows={data.studentsTotal}
              paginationPerPage={pageSize}
              onChangePage={setPage}
              onChangeRowsPerPage={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </div>
          <StudentRatesPrintTable rows={data.students} />
        </>
      ) : null}
    </div>
  );
}

function RegistersPanel({ classes, defaultDate, today }: { classes: Array<{ id: string; name: string }>; defaultDate: string | null; today: string }) {
  const [classId, setClassId] = useState(classes[0]?.id ?? '');
  const [date, setDate] = useState(defaultDate ?? '');
  const register = useRegister(classId, date);
  const save = useSaveRegister();
  const queryClient = useQueryClient();
  // a register the class teacher (or another administrator) saved after this one was opened (issue 21)
  const [conflict, setConflict] = useState<{ input: Marks; current: Register; message: string } | null>(null);

  // names the version the marks were made on, so a register saved meanwhile answers 409 instead of
  // being overwritten unseen; online only, as this screen has no outbox
  const send = (input: Marks, baseVersion: string | null) =>
    save.mutate(
      { ...input, baseVersion },
      {
        onSuccess: (saved) => {
          setConflict(null);
          toast.success(`Register of ${saved.className} for ${formatDate(saved.date)} saved`);
        },
        onError: (error) => {
          const current = conflictCurrent<Register>(error);
          if (current) setConflict({ input, current, message: error.message });
          else toast.error(error.message);
        },
      },
    );
  const dateError =
    register.isError && isApiError(register.error) && register.error.status === 400 ? (register.error.errors.date ?? register.error.message) : undefined;
  return (
    <>
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,12rem)]">
        <SelectField
          label="Class"
          value={classId}
          onChange={(e) => setClassId(e.target.value)}
          options={classes.map((c) => ({ value: c.id, label: c.name }))}
        />
        <TextField label="Date" type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} error={dateError} />
      </div>
      {!classId || !date ? null : register.isPending ? (
        <PageSpinner label="Loading the register" />
      ) : register.isError ? (
        dateError ? null : (
          <LoadError error={register.error}>We could not load the register. {register.error.message}</LoadError>
        )
      ) : (
        <RegisterEditor
          key={`${register.data.classId}:${register.data.date}:${register.data.updatedAt ?? 'new'}`}
          register={register.data}
          saving={save.isPending}
          onSave={(entries) => send({ classId, date, entries }, register.data.version)}
        />
      )}
      {conflict ? (
        <ConflictDialog
          open
          subject={`Register of ${conflict.current.className}, ${formatDate(conflict.current.date)}`}
          message={conflict.message}
          rows={differingRows('register', conflict.input, conflict.current)}
          savedBy={savedByOf('register', conflict.current)}
          busy={save.isPending}
          onClose={() => setConflict(null)}
          onKeepMine={() => send(conflict.input, conflict.current.version)}
          onTakeTheirs={() => {
            // the form opens again on the register as saved meanwhile
            queryClient.setQueryData(attendanceKeys.register(conflict.input.classId, conflict.input.date), conflict.current);
            setConflict(null);
            toast.info('The marks saved meanwhile are kept');
          }}
        />
      ) : null}
    </>
  );
}

/** admin/records/attendance: rates per class and per student for a term, and any class's register. */
export function Component() {
  useDocumentTitle('Attendance');
  const options = useAttendanceOptions();
  const [tab, setTab] = useState<Tab>('rates');

  return (
    <>
      <PageHeader title="Attendance" description="Attendance rates per class and student, and the daily registers of every class." />
      {options.isPending ? (
        <PageSpinner label="Loading terms and classes" />
      ) : options.isError ? (
        <LoadError error={options.error}>
          <p>We could not load the terms and classes. {options.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : options.data.terms.length === 0 ? (
        <Alert tone="info">The selected session has no terms yet.</Alert>
      ) : (
        <Tabs label="Attendance" idPrefix="attendance" tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'rates' ? (
            <RatesPanel terms={options.data.terms} classes={options.data.classes} />
          ) : (
            <RegistersPanel classes={options.data.classes} defaultDate={options.data.defaultDate} today={options.data.today} />
          )}
        </Tabs>
      )}
    </>
  );
}
