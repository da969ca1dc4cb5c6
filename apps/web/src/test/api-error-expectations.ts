import { expect } from 'vitest';
import { ApiError } from '@/lib/api-error';

/** Resolves with the rejection of `promise`, failing the test if it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.unreachable('the call should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
