import { z } from "zod";

const CategorySchema = z.object({ slug: z.string(), label: z.string() });
export const CategoriesResponseSchema = z.object({ categories: z.array(CategorySchema) });
export type Category = z.infer<typeof CategorySchema>;
