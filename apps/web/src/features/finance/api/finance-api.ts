import type {
  FeeItemListResponse,
  FeeItemSavedResponse,
  FeesSummaryEnvelope,
  FinanceClassListResponse,
  GeneratedInvoicesResponse,
  InvoiceDetailEnvelope,
  InvoiceListResponse,
  OnlinePaymentStarted,
  PaymentEnvelope,
  PaymentKeysEnvelope,
  PaymentListResponse,
  PaymentVerified,
  ReceiptEnvelope,
  RemindersSentResponse,
  StudentFees,
  TermListResponse,
} from '@school/shared/finance/responses';
import type { FeeItemInput, PaymentKeysInput } from '@school/shared/finance/schemas';
import type { OkResponse } from '@school/shared/http';
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

export const termsQueryOptions = () => queryOptions({ queryKey: financeKeys.terms(), queryFn: () => api.get<TermListResponse>('/api/finance/terms') });
export const useTerms = () => useQuery(termsQueryOptions());

export const useFinanceClasses = (termId: string) =>
  useQuery({
    queryKey: financeKeys.classes(termId),
    queryFn: () => api.get<FinanceClassListResponse>(`/api/finance/classes${qs({ termId })}`),
    enabled: Boolean(termId),
  });

// ------------------------------------------------------------ fee items

export const useFeeItems = (termId: string) =>
  useQuery({
    queryKey: financeKeys.feeItems(termId),
    queryFn: () => api.get<FeeItemListResponse>(`/api/finance/fee-items${qs({ termId })}`),
    enabled: Boolean(termId),
  });

export function useSaveFeeItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: FeeItemInput }) =>
      id ? api.put<FeeItemSavedResponse>(`/api/finance/fee-items/${id}`, values) : api.post<FeeItemSavedResponse>('/api/finance/fee-items', values),
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
    queryFn: () => api.get<InvoiceListResponse>(`/api/finance/invoices${qs({ ...params })}`),
    enabled: Boolean(params.termId),
    placeholderData: keepPreviousData,
  });

export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: financeKeys.invoice(id ?? ''),
    queryFn: () => api.get<InvoiceDetailEnvelope>(`/api/finance/invoices/${id}`),
    enabled: Boolean(id),
  });

export function useGenerateInvoices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (termId: string) => api.post<GeneratedInvoicesResponse>('/api/finance/invoices/generate', { termId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export function useAddDiscount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, amount, reason }: { invoiceId: string; amount: string; reason: string }) =>
      api.post<OkResponse>(`/api/finance/invoices/${invoiceId}/discounts`, { amount, reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export const useFeesSummary = (termId: string) =>
  useQuery({
    queryKey: financeKeys.summary(termId),
    queryFn: () => api.get<FeesSummaryEnvelope>(`/api/finance/summary${qs({ termId })}`),
    enabled: Boolean(termId),
  });

export const debtorsCsvUrl = (params: { termId: string; classId?: string }) => `/api/finance/debtors.csv${qs(params)}`;

export function useSendReminders() {
  return useMutation({
    mutationFn: (body: { termId: string; classId?: string }) => api.post<RemindersSentResponse>('/api/finance/reminders', body),
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
    queryFn: () => api.get<PaymentListResponse>(`/api/finance/payments${qs({ ...params })}`),
    placeholderData: keepPreviousData,
  });

export function useRecordPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<PaymentEnvelope>('/api/finance/payments', form),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export function useReversePayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.post<PaymentEnvelope>(`/api/finance/payments/${id}/reverse`, { reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

export const receiptPdfUrl = (paymentId: string) => `/api/fees/receipts/${paymentId}/pdf`;

export const useReceipt = (paymentId: string | null) =>
  useQuery({
    queryKey: [...financeKeys.all, 'receipt', paymentId ?? ''],
    queryFn: () => api.get<ReceiptEnvelope>(`/api/fees/receipts/${paymentId}`),
    enabled: Boolean(paymentId),
  });

// ------------------------------------------------------------ a student's fees

export const studentFeesQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: financeKeys.studentFees(studentId), queryFn: () => api.get<StudentFees>(`/api/fees/${studentId}`) });
export const useStudentFees = (studentId: string) => useQuery(studentFeesQueryOptions(studentId));

export function usePayOnline(studentId: string) {
  return useMutation({
    mutationFn: (body: { invoiceId: string; amount?: string }) => api.post<OnlinePaymentStarted>(`/api/fees/${studentId}/pay`, body),
  });
}

export function useVerifyPayment(studentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => api.post<PaymentVerified>('/api/fees/paystack/verify', { reference }),
    onSettled: () => qc.invalidateQueries({ queryKey: financeKeys.studentFees(studentId) }),
  });
}

// ------------------------------------------------------------ payment keys

export const usePaymentKeys = () => useQuery({ queryKey: financeKeys.paymentKeys(), queryFn: () => api.get<PaymentKeysEnvelope>('/api/settings/payment') });

export function useSavePaymentKeys() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: PaymentKeysInput) => api.put<PaymentKeysEnvelope>('/api/settings/payment', values),
    onSuccess: (data) => qc.setQueryData(financeKeys.paymentKeys(), data),
  });
}
