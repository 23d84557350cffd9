export interface FieldError {
  field: string;
  message: string;
}

/** A non-2xx answer. `serverMessage` is the envelope's `message` (DESIGN.md section 3) when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly serverMessage: string | undefined;
  readonly errors: FieldError[];

  constructor(status: number, body: unknown) {
    const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const serverMessage = typeof envelope.message === 'string' && envelope.message !== '' ? envelope.message : undefined;
    super(serverMessage ?? '');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
    this.errors = Array.isArray(envelope.errors) ? (envelope.errors as FieldError[]) : [];
  }
}
