import { hashKey, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

/**
 * Whether the query at `key` has had its first answer (and stays true after). For a page of
 * sections from different features, each loading on its own: a section below waits for the one
 * above, since shown at once it would be pushed down when the one above filled in (CLS).
 */
export function useSettled(key: QueryKey): boolean {
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done) return;
    const settled = () => {
      const status = client.getQueryState(key)?.status;
      return status !== undefined && status !== "pending";
    };
    if (settled()) return setDone(true);
    const hash = hashKey(key);
    // Only an answer ("updated"): a query is "added" while another component renders, and setting
    // state then is React's "Cannot update a component while rendering a different component".
    return client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.query.queryHash === hash && settled()) setDone(true);
    });
  });
  return done;
}
