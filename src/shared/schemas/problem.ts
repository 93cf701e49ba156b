import { z } from "zod";

/** RFC 9457 problem details, plus `errors` (field → message) for validation failures. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A machine-readable reason where the client acts on it (e.g. "mfa_enrolment_required"). */
  code: z.string().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
