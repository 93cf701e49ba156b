import { z } from "zod";

/** RFC 9457 problem details, plus `errors` (field → message) for validation failures. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The problem's stable machine-readable name, for clients to branch on (src/shared/problem-codes.ts). */
  code: z.string(),
});
export type Problem = z.infer<typeof ProblemSchema>;
