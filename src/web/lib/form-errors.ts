import type { FieldErrors, FieldPath, FieldValues, UseFormSetError, UseFormSetFocus } from "react-hook-form";
import type { ApiError } from "./api-client.ts";

/**
 * Puts the field errors of a 4xx problem+json answer (`errors`) under the form's inputs. `fields`
 * names the inputs the server may name, in the form's order: a list when the names are the same, or
 * server name → input (the first message for an input wins). The first of them that gets a message
 * gets focus, as react-hook-form gives it to the first invalid field of the browser's own check.
 * Returns whether any input got one, so the caller says the problem's `detail` elsewhere (a toast,
 * the form's own alert) when none did. A form whose every answer is about one input (a code, a
 * password) names it as `fallback`: the `detail` goes under it.
 *
 * The message goes away when the person edits that input: react-hook-form checks a field again on
 * each change once the form has been submitted (its default `reValidateMode`), and the browser's own
 * check of an edited value says nothing about what only the server knows (an email already taken).
 */
export function showFieldErrors<T extends FieldValues>(
  err: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[] | Readonly<Record<string, FieldPath<T>>>,
  { fallback }: { fallback?: FieldPath<T> } = {},
): boolean {
  const inputFor = (name: string): FieldPath<T> | undefined =>
    isList(fields) ? fields.find((f) => f === name) : fields[name];
  const messages = new Map<FieldPath<T>, string>();
  for (const [name, message] of Object.entries(err.fieldErrors)) {
    const input = inputFor(name);
    if (input && !messages.has(input)) messages.set(input, message);
  }
  if (messages.size === 0 && fallback) messages.set(fallback, err.message);
  if (messages.size === 0) return false;

  const order = [...(isList(fields) ? fields : Object.values(fields)), fallback];
  const first = order.find((input) => input !== undefined && messages.has(input));
  for (const [input, message] of messages) {
    setError(input, { type: "server", message }, { shouldFocus: input === first });
  }
  if (first !== undefined) focusOnceEnabled(first);
  return true;
}

/**
 * `handleSubmit`'s second argument, for a form made with `shouldFocusError: false`: focuses the first
 * field the form's own check refused, in the form's order (`order`, as for showFieldErrors).
 * react-hook-form's own focus takes the first invalid field in the order the inputs *registered*,
 * which is not the layout's when some register in their parent's render (a radio group, a field
 * component handed `register(…)`) and others later, inside FormField's render function.
 */
export function focusFirstInvalid<T extends FieldValues>(
  order: readonly FieldPath<T>[],
  setFocus: UseFormSetFocus<T>,
): (errors: FieldErrors<T>) => void {
  return (errors) => {
    const first = order.find((name) => (errors as Record<string, unknown>)[name] !== undefined);
    if (first === undefined) return;
    setFocus(first);
    focusOnceEnabled(first);
  };
}

/** How many frames focus waits for a form that disabled its inputs while the request was under way. */
const FOCUS_WAIT_FRAMES = 60;

/**
 * react-hook-form's `shouldFocus` moves focus at once, which does nothing while the input is still
 * disabled (a fieldset or an upload button disabled for as long as the request runs, enabled again
 * on the next render) and nothing for radios (it keeps no element to focus for a group). Then the
 * input is focused as soon as it can be: found by its name among the inputs marked invalid (a
 * group's radios carry the mark on their fieldset), and only while focus is nowhere else, so a
 * person who has moved on keeps their place.
 */
function focusOnceEnabled(name: string) {
  if (typeof document === "undefined") return;
  const named = (el: Element | null) => el instanceof HTMLElement && el.getAttribute("name") === name;
  if (named(document.activeElement)) return;
  const started = document.activeElement;
  let frames = 0;
  const attempt = () => {
    const active = document.activeElement;
    if (named(active) || (active !== started && active !== document.body && active !== null)) return;
    const input = [...document.querySelectorAll<HTMLElement>(`[name="${CSS.escape(name)}"]`)].find(
      (el) =>
        !el.matches(":disabled") &&
        (el.getAttribute("aria-invalid") === "true" || el.closest("fieldset[aria-describedby]") !== null),
    );
    if (input) input.focus();
    else if (++frames < FOCUS_WAIT_FRAMES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

const isList = <F>(fields: readonly F[] | Readonly<Record<string, F>>): fields is readonly F[] =>
  Array.isArray(fields);

/** 413 and 415 come from the image pipeline without a field name: they are about the photo. */
export const isPhotoRejection = (err: ApiError) => err.status === 413 || err.status === 415;
