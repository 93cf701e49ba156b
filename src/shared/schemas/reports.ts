import { z } from "zod";
import { MAX_REASON_LENGTH } from "#shared/message-limits.ts";
import { MSG } from "#shared/messages.ts";
import { ListingSchema } from "./listings.ts";
import { pageOf } from "./paging.ts";
import { PersonSchema } from "./people.ts";

export const ReportCreateSchema = z.object({
  reason: z
    .string({ error: MSG.report.reasonRequired })
    .trim()
    .min(1, { error: MSG.report.reasonRequired })
    .max(MAX_REASON_LENGTH, { error: MSG.report.reasonTooLong }),
});
export type ReportCreateReq = z.infer<typeof ReportCreateSchema>;

const ReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  reportedAt: z.string(),
  reporter: PersonSchema.omit({ photo: true }),
});

/**
 * A bike in the admins' review queue: the listing, who sells it (with the email an admin writes to
 * about a report: the listing's own seller carries none, decision 015), and every open report.
 */
const ReportedListingSchema = z.object({
  listing: ListingSchema,
  seller: PersonSchema.omit({ photo: true }),
  reports: z.array(ReportSchema),
});
export type ReportedListing = z.infer<typeof ReportedListingSchema>;
export const ReportedListingsPageSchema = pageOf(ReportedListingSchema);
