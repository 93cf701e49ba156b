import { MFA_ENROLMENT_REQUIRED } from "#shared/schemas/two-factor.ts";

/** Errors a service throws; the error plugin turns each into problem+json with its status. */
export class HttpProblem extends Error {
  /** A machine-readable reason, for the few problems a client acts on (problem+json's `code`). */
  readonly code: string | undefined = undefined;
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export class BadRequest extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>) {
    super(400, "Bad Request", message, errors);
  }
}
export class Unauthorized extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>) {
    super(401, "Unauthorized", message, errors);
  }
}
export class Forbidden extends HttpProblem {
  constructor(message: string) {
    super(403, "Forbidden", message);
  }
}
/** An admin without a second factor where REQUIRE_ADMIN_MFA is on: the web app sends them to enrol. */
export class MfaEnrolmentRequired extends HttpProblem {
  override readonly code = MFA_ENROLMENT_REQUIRED;
  constructor(message: string) {
    super(403, "Forbidden", message);
  }
}
export class NotFound extends HttpProblem {
  constructor(message: string) {
    super(404, "Not Found", message);
  }
}
export class Conflict extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>) {
    super(409, "Conflict", message, errors);
  }
}
export class PayloadTooLarge extends HttpProblem {
  constructor(message: string) {
    super(413, "Payload Too Large", message);
  }
}
export class UnsupportedMediaType extends HttpProblem {
  constructor(message: string) {
    super(415, "Unsupported Media Type", message);
  }
}

export class TooManyRequests extends HttpProblem {
  constructor(message: string) {
    super(429, "Too Many Requests", message);
  }
}
export class ServiceUnavailable extends HttpProblem {
  /** Sent as Retry-After when set. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(503, "Service Unavailable", message);
  }
}
/** A card the provider refused: the buyer sees the provider's own words. */
export class PaymentRequired extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>) {
    super(402, "Payment Required", message, errors);
  }
}
