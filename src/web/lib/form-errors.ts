import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import type { ApiError } from "./api-client.ts";

/**
 * Puts the field errors of a 4xx problem+json answer (`errors`) under the form's inputs. `fields`
 * names the inputs the server may name: a list when the names are the same, or server name → input
 * (the first message for an input wins). Returns whether any input got one, so the caller says the
 * problem's `detail` elsewhere (a toast, the form's own alert) when none did. A form whose every
 * answer is about one input (a code, a password) names it as `fallback`: the `detail` goes under it.
 */
export function showFieldErrors<T extends FieldValues>(
  err: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[] | Readonly<Record<string, FieldPath<T>>>,
  { fallback }: { fallback?: FieldPath<T> } = {},
): boolean {
  const inputFor = (name: string): FieldPath<T> | undefined =>
    isList(fields) ? fields.find((f) => f === name) : fields[name];
  const shown = new Set<FieldPath<T>>();
  for (const [name, message] of Object.entries(err.fieldErrors)) {
    const input = inputFor(name);
    if (!input || shown.has(input)) continue;
    shown.add(input);
    setError(input, { type: "server", message });
  }
  if (shown.size === 0 && fallback) {
    setError(fallback, { type: "server", message: err.message });
    return true;
  }
  return shown.size > 0;
}

const isList = <F>(fields: readonly F[] | Readonly<Record<string, F>>): fields is readonly F[] =>
  Array.isArray(fields);

/** 413 and 415 come from the image pipeline without a field name: they are about the photo. */
export const isPhotoRejection = (err: ApiError) => err.status === 413 || err.status === 415;
