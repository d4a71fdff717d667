import { receiptCheckSchema, verifyResponseSchema } from '@shared/acknowledgments-api';
import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/acknowledgments/check-receipt — whether a receipt PDF matches its signature record, or the file is an
 * agreed document (docs/product.md#signed-acknowledgments).
 * @param file the PDF the admin chose (sent as application/pdf whatever the browser calls its type)
 * @throws ApiError (400 with a message for a file that is not a PDF)
 */
export async function checkReceiptFile(file: Blob) {
  return apiRequest(apiPaths.checkReceipt, receiptCheckSchema, {
    method: 'POST',
    file: { data: file, type: 'application/pdf' },
  });
}

/**
 * GET /api/acknowledgments/verify?hash= — the signature records whose text or document SHA-256 is `hash`.
 * @param hash 64 hex digits, as printed on a receipt
 * @throws ApiError
 */
export async function checkReceiptHash(hash: string) {
  return apiRequest(apiPaths.verifyHash(hash), verifyResponseSchema);
}

/** Checks a receipt file or a pasted hash; the answer says which was checked. */
export function useCheckReceipt() {
  return useMutation({
    mutationFn: async (input: { file: Blob } | { hash: string }) =>
      'file' in input
        ? { kind: 'file' as const, result: await checkReceiptFile(input.file) }
        : { kind: 'hash' as const, result: await checkReceiptHash(input.hash) },
  });
}
