import type { SourceAccess } from '../stream-sources';
import { badRequest, forbidden } from '../../core/errors';
import { SourceError } from '../table';

/** What to say of a source the user may not read: unknown (or hidden), or refused. */
export interface SourceRefusal<T> {
  unknown: string;
  refused: (access: { source: T; needed: string }) => string;
}

/** For `validate`: a 400 when the source is unknown, a 403 naming what is needed; else the source. */
export function sourceToValidate<T>(access: SourceAccess<T>, say: SourceRefusal<T>): T {
  if (access.state === 'unknown') throw badRequest(say.unknown);
  if (access.state === 'refused') throw forbidden(say.refused(access));
  return access.source;
}

/** For `read`: the same refusals as the execution's SourceError; else the source. */
export function sourceToRead<T>(access: SourceAccess<T>, say: SourceRefusal<T>): T {
  if (access.state === 'unknown') throw new SourceError(say.unknown);
  if (access.state === 'refused') throw new SourceError(say.refused(access));
  return access.source;
}
