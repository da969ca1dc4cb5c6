import { PCIE_UPLOAD_EXTENSIONS, PCIE_UPLOAD_MAX_BYTES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** The text of an uploaded list: `.txt` only, UTF-8 (a byte-order mark is dropped), no binary content. */
export async function uploadedText(request: FastifyRequest): Promise<string> {
  const missing = () => AppError.invalidFields([{ field: 'file', messageKey: 'FIELD_REQUIRED' }]);
  if (!request.isMultipart()) throw missing();
  const part = await request.file();
  if (!part) throw missing();
  const allowed = PCIE_UPLOAD_EXTENSIONS.join(', ');
  if (!PCIE_UPLOAD_EXTENSIONS.some((ext) => part.filename.toLowerCase().endsWith(ext))) {
    part.file.resume();
    throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed } });
  }
  const tooLarge = () =>
    new AppError('FILE_TOO_LARGE', { params: { maxMb: PCIE_UPLOAD_MAX_BYTES / 1024 / 1024 } });
  const bytes = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  });
  // The routes' multipart limit is one byte more than allowed: a file of that size arrives whole.
  if (bytes.length > PCIE_UPLOAD_MAX_BYTES) throw tooLarge();
  if (bytes.includes(0)) throw new AppError('FILE_TYPE_NOT_ALLOWED', { params: { allowed } });
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}
