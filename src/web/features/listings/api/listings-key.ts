// Every listing query key starts with this so one invalidation refreshes lists, details and home.
export const listingsKey = ["listings"] as const;
