import type {
  FeeItem,
  FeeItemInput,
  FeesSummary,
  InvoiceDetail,
  InvoiceSummary,
  Payment,
  PaymentKeysInput,
  PaymentKeysView,
  Receipt,
  StudentFees,
  TermOption,
} from '@school/shared/finance/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const financeKeys = {
  all: ['finance'] as const,
  terms: () => [...financeKeys.all, 'terms'] as const,
  classes: (termId: string) => [...financeKeys.all, 'classes', termId] as const,
  feeItems: (termId: string) => [...financeKeys.all, 'fee-items', termId] as const,
  invoices: (params: Record<string, string>) => [...financeKeys.all, 'invoices', params] as const,
  invoice: (id: string) => [...financeKeys.all, 'invoice', id] as const,
  payments: (params: Record<string, string | number>) => [...financeKeys.all, 'payments', params] as const,
  summary: (termId: string) => [...financeKeys.all, 'summary', termId] as const,
  studentFees: (studentId: string) => [...financeKeys.all, 'student-fees', studentId] as const,
  paymentKeys: () => ['settings', 'payment'] as const,
};

const qs = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

// ------------------------------------------------------------ terms, classes

export const termsQueryOptions = () => queryOptions({ queryKey: financeKeys.terms(), queryFn: () => api.get<{ items: TermOption[] }>('/api/finance/terms') });
export const useTerms = () => useQuery(termsQueryOptions());

export const useFinanceClasses = (termId: string) =>
  useQuery({
    queryKey: financeKeys.classes(termId),
    queryFn: () => api.get<{ items: Array<{ id: string; name: string; level: string }> }>(`/api/finance/classes${qs({ termId })}`),
    enabled: Boolean(termId),
  });

// ------------------------------------------------------------ fee items

export const useFeeItems = (termId: string) =>
  useQuery({
    queryKey: financeKeys.feeItems(termId),
    queryFn: () => api.get<{ termId: string | null; items: FeeItem[] }>(`/api/finance/fee-items${qs({ termId })}`),
    enabled: Boolean(termId),
  });

export function useSaveFeeItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: FeeItemInput }) =>
      id ? api.put<{ item: FeeItem }>(`/api/finance/fee-items/${id}`, values) : api.post<{ item: FeeItem }>('/api/finance/fee-items', values),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export function useDeleteFeeItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/finance/fee-items/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

// ------------------------------------------------------------ invoices

export interface InvoiceParams {
  termId: string;
  classId?: string;
  feeStatus?: 'all' | 'complete' | 'incomplete';
  search?: string;
}

export const useInvoices = (params: InvoiceParams) =>
  useQuery({
    queryKey: financeKeys.invoices({ ...params } as Record<string, string>),
    queryFn: () => api.get<{ termId: string | null; items: InvoiceSummary[] }>(`/api/finance/invoices${qs({ ...params })}`),
    enabled: Boolean(params.termId),
    placeholderData: keepPreviousData,
  });

export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: financeKeys.invoice(id ?? ''),
    queryFn: () => api.get<{ invoice: InvoiceDetail }>(`/api/finance/invoices/${id}`),
    enabled: Boolean(id),
  });

export function useGenerateInvoices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (termId: string) => api.post<{ created: number; linesAdded: number }>('/api/finance/invoices/generate', { termId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export function useAddDiscount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, amount, reason }: { invoiceId: string; amount: string; reason: string }) =>
      api.post(`/api/finance/invoices/${invoiceId}/discounts`, { amount, reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export const useFeesSummary = (termId: string) =>
  useQuery({
    queryKey: financeKeys.summary(termId),
    queryFn: () => api.get<{ summary: FeesSummary | null }>(`/api/finance/summary${qs({ termId })}`),
    enabled: Boolean(termId),
  });

export const debtorsCsvUrl = (params: { termId: string; classId?: string }) => `/api/finance/debtors.csv${qs(params)}`;

export function useSendReminders() {
  return useMutation({
    mutationFn: (body: { termId: string; classId?: string }) =>
      api.post<{ debtors: number; sent: number; withoutEmail: number }>('/api/finance/reminders', body),
  });
}

// ------------------------------------------------------------ payments

export interface PaymentParams {
  page: number;
  pageSize: number;
  termId?: string;
  classId?: string;
  status?: string;
  method?: string;
  search?: string;
}

export const usePayments = (params: PaymentParams) =>
  useQuery({
    queryKey: financeKeys.payments({ ...params } as Record<string, string | number>),
    queryFn: () => api.get<{ items: Payment[]; total: number; page: number; pageSize: number }>(`/api/finance/payments${qs({ ...params })}`),
    placeholderData: keepPreviousData,
  });

export function useRecordPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<{ payment: Payment }>('/api/finance/payments', form),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export function useReversePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.post<{ payment: Payment }>(`/api/finance/payments/${id}/reverse`, { reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export const receiptPdfUrl = (paymentId: string) => `/api/fees/receipts/${paymentId}/pdf`;

export const useReceipt = (paymentId: string | null) =>
  useQuery({
    queryKey: [...financeKeys.all, 'receipt', paymentId ?? ''],
    queryFn: () => api.get<{ receipt: Receipt }>(`/api/fees/receipts/${paymentId}`),
    enabled: Boolean(paymentId),
  });

// ------------------------------------------------------------ a student's fees

export const studentFeesQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: financeKeys.studentFees(studentId), queryFn: () => api.get<StudentFees>(`/api/fees/${studentId}`) });
export const useStudentFees = (studentId: string) => useQuery(studentFeesQueryOptions(studentId));

export function usePayOnline(studentId: string) {
  return useMutation({
    mutationFn: (body: { invoiceId: string; amount?: string }) =>
      api.post<{ reference: string; authorizationUrl: string; amountKobo: number }>(`/api/fees/${studentId}/pay`, body),
  });
}

export function useVerifyPayment(studentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      api.post<{ status: 'Success' | 'Pending' | 'Failed'; message: string; receiptNo?: string | null; paymentId?: string }>('/api/fees/paystack/verify', {
        reference,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: financeKeys.studentFees(studentId) }),
  });
}

// ------------------------------------------------------------ payment keys

export const usePaymentKeys = () =>
  useQuery({ queryKey: financeKeys.paymentKeys(), queryFn: () => api.get<{ keys: PaymentKeysView }>('/api/settings/payment') });

export function useSavePaymentKeys() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: PaymentKeysInput) => api.put<{ keys: PaymentKeysView }>('/api/settings/payment', values),
    onSuccess: (data) => qc.setQueryData(financeKeys.paymentKeys(), data),
  });
}
