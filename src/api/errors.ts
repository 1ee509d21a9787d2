export type ApiErrorKind = 'http' | 'network' | 'contract' | 'gateway';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  message: string;
  path: string;
  statusReason?: string;
  traceId?: string;
  errorCode?: string;
  reason?: string;
  upstream?: string;
  signIn?: string;
}

/** The one error of the client: every error body of the platform and the gateway ends up here. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly path: string;
  readonly statusReason?: string;
  /** 7.1 `toe`: the trace id support asks for. */
  readonly traceId?: string;
  /** 7.2 `errorCode`. */
  readonly errorCode?: string;
  readonly reason?: string;
  /** The gateway names the upstream it could not reach (never a token). */
  readonly upstream?: string;
  /**
   * In team sign-in, the gateway's 401 names where to sign in: no session, or it has ended
   * (`isSignInRequired` reads it with a 401 only).
   */
  readonly signIn?: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.path = init.path;
    this.statusReason = init.statusReason;
    this.traceId = init.traceId;
    this.errorCode = init.errorCode;
    this.reason = init.reason;
    this.upstream = init.upstream;
    this.signIn = init.signIn;
  }

  static network(path: string): ApiError {
    return new ApiError({
      kind: 'network',
      status: 0,
      message: 'Cannot reach the console server',
      path,
    });
  }

  static contract(path: string, detail: string): ApiError {
    return new ApiError({
      kind: 'contract',
      status: 0,
      message: `Unexpected answer from ${path}: ${detail}`,
      path,
    });
  }

  /** Normalises an error answer; `body` is the parsed JSON, or the raw text when it was not JSON. */
  static fromResponse(res: { status: number; statusText: string }, body: unknown, path: string) {
    const fields = isRecord(body) ? body : {};
    const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : undefined);
    const upstream = text('upstream');
    const reason = text('reason');
    const statusReason = text('statusReason') ?? (res.statusText || undefined);
    const message =
      text('message') ??
      reason ??
      text('error') ??
      statusReason ??
      `Request failed (${res.status})`;
    return new ApiError({
      kind: upstream !== undefined || gatewayStatuses.has(res.status) ? 'gateway' : 'http',
      status: res.status,
      message,
      path,
      statusReason,
      traceId: text('toe'),
      errorCode: text('errorCode'),
      reason,
      upstream,
      signIn: text('signIn'),
    });
  }
}

/** Statuses only the gateway answers with: misdirected, bad gateway, gateway timeout. */
const gatewayStatuses = new Set([421, 502, 504]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Spec 4.1/7.4: a 404 also means "no permission between the caller and the resource". */
export const isNotFound = (e: unknown): boolean => isApiError(e) && e.status === 404;

/** The person must sign in (again) before anything else answers. */
export const isSignInRequired = (e: unknown): e is ApiError =>
  isApiError(e) && e.status === 401 && e.signIn !== undefined;

export const isClientError = (e: unknown): boolean =>
  isApiError(e) && e.status >= 400 && e.status < 500;
