import { codeOf, type ProblemCode } from "#shared/problem-codes.ts";
import { MFA_ENROLMENT_REQUIRED } from "#shared/schemas/two-factor.ts";

/**
 * Errors a service throws; the error plugin turns each into problem+json with its status. Its `code`
 * is named after its message (`MSG.order.tooManyHolds` → `"order.tooManyHolds"`, see
 * src/shared/problem-codes.ts) unless given: give one where the message is not one of MSG.
 */
export class HttpProblem extends Error {
  /** The problem's machine-readable name (problem+json's `code`); undefined for a message of no code. */
  readonly code: ProblemCode | undefined;
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly errors?: Record<string, string>,
    code?: ProblemCode,
  ) {
    super(message);
    this.code = code ?? codeOf(message);
  }
}

export class BadRequest extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>, code?: ProblemCode) {
    super(400, "Bad Request", message, errors, code);
  }
}
export class Unauthorized extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>, code?: ProblemCode) {
    super(401, "Unauthorized", message, errors, code);
  }
}
export class Forbidden extends HttpProblem {
  constructor(message: string, code?: ProblemCode) {
    super(403, "Forbidden", message, undefined, code);
  }
}
/** An admin without a second factor where REQUIRE_ADMIN_MFA is on: the web app sends them to enrol. */
export class MfaEnrolmentRequired extends HttpProblem {
  constructor(message: string) {
    super(403, "Forbidden", message, undefined, MFA_ENROLMENT_REQUIRED);
  }
}
export class NotFound extends HttpProblem {
  constructor(message: string, code?: ProblemCode) {
    super(404, "Not Found", message, undefined, code);
  }
}
export class Conflict extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>, code?: ProblemCode) {
    super(409, "Conflict", message, errors, code);
  }
}
export class PayloadTooLarge extends HttpProblem {
  constructor(message: string, code?: ProblemCode) {
    super(413, "Payload Too Large", message, undefined, code);
  }
}
export class UnsupportedMediaType extends HttpProblem {
  constructor(message: string, code?: ProblemCode) {
    super(415, "Unsupported Media Type", message, undefined, code);
  }
}

export class TooManyRequests extends HttpProblem {
  constructor(message: string, code?: ProblemCode) {
    super(429, "Too Many Requests", message, undefined, code);
  }
}
export class ServiceUnavailable extends HttpProblem {
  /** Sent as Retry-After when set. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    code?: ProblemCode,
  ) {
    super(503, "Service Unavailable", message, undefined, code);
  }
}
/** A card the provider refused: the buyer sees the provider's own words, whatever they are. */
export class PaymentRequired extends HttpProblem {
  constructor(message: string, errors?: Record<string, string>) {
    super(402, "Payment Required", message, errors, "payment.cardRefused");
  }
}
