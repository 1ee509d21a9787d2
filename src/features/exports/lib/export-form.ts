import { z } from 'zod';
import type { CreateExportBody } from '../../../api/contract';

/** The platform's rules for a target (exports/service.ts), checked before anything is sent. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const SEGMENT = /^[A-Za-z0-9!_.*'()=@,+-]+$/;
const REGION = /^[a-z0-9-]{0,40}$/;

const validPath = (value: string) => {
  const p = value.replace(/^\/+|\/+$/g, '');
  if (p === '') return true;
  return p.length <= 512 && p.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
};

export const exportForm = z.object({
  bucket: z
    .string()
    .trim()
    .min(1, 'Name the bucket')
    .regex(
      BUCKET,
      '3 to 63 lower-case letters, digits, dots or hyphens; starts and ends with a letter or digit',
    ),
  path: z
    .string()
    .trim()
    .refine(
      validPath,
      "Folders of letters, digits and -_.!*'()=@,+ separated by “/”, no “.” or “..”",
    ),
  region: z.string().trim().regex(REGION, 'Lower-case letters, digits and hyphens, like eu-west-1'),
  awsAccessKey: z.string(),
  awsAccessSecret: z.string(),
  columns: z.array(z.string()),
  compression: z.enum(['none', 'gzip']),
  includeBOM: z.boolean(),
  useCache: z.boolean(),
});
export type ExportFormValues = z.infer<typeof exportForm>;

export const exportFormDefaults: ExportFormValues = {
  bucket: '',
  path: '',
  region: '',
  awsAccessKey: '',
  awsAccessSecret: '',
  columns: [],
  compression: 'none',
  includeBOM: false,
  useCache: true,
};

/** The 4.6 body: empty optional fields are left out, no column chosen means every column. */
export function toCreateExportBody(values: ExportFormValues): CreateExportBody {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    bucket: values.bucket.trim(),
    path: text(values.path),
    region: text(values.region),
    awsAccessKey: values.awsAccessKey || undefined,
    awsAccessSecret: values.awsAccessSecret || undefined,
    compression: values.compression,
    queryRequest: {
      includeBOM: values.includeBOM,
      useCache: values.useCache,
      ...(values.columns.length
        ? { query: { columns: values.columns.map((column) => ({ column, exprType: 'COLUMN' })) } }
        : {}),
    },
  };
}
