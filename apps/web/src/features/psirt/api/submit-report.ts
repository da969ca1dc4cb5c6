import { type VulnerabilityReportInput, vulnerabilityReportReceiptSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** POST /psirt/reports?code=<captcha>: opens a case; the answer carries its reference. */
export function submitReport({ input, captcha }: { input: VulnerabilityReportInput; captcha?: string }) {
  return apiClient.post('/psirt/reports', input, vulnerabilityReportReceiptSchema, {
    query: { code: captcha },
    anonymous: true,
    quiet: true,
  });
}

export function useSubmitReport(config: MutationConfig<typeof submitReport> = {}) {
  return useMutation({ ...config, mutationFn: submitReport });
}
