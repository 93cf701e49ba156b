/** The longest card number there is (ISO/IEC 7812): more digits than this are not kept. */
export const MAX_CARD_DIGITS = 19;

/**
 * Where a card number's groups end, as its card is printed: American Express 4-6-5, the others
 * 4-4-4-4 (and 4-4-4-4-3 for a 19-digit number), as Stripe's own field groups them.
 */
const groupsOf = (digits: string) => (/^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3]);

/** `4242424242424242` → `4242 4242 4242 4242`; anything but digits is dropped. */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, MAX_CARD_DIGITS);
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(digits)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

/** How many digits come before `position` in `value`. */
const digitsBefore = (value: string, position: number) => value.slice(0, position).replace(/\D/g, "").length;

/** The position just after the `n`th digit of `grouped` (0 for none). */
function afterDigit(grouped: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (/\d/.test(grouped[i]!) && ++seen === n) return i + 1;
  }
  return grouped.length;
}

export type Edit = {
  /** The input's value after the browser applied the keystroke or paste. */
  value: string;
  /** The caret there. */
  caret: number;
  /** The value before it, to tell a Backspace that only removed a space. */
  previous: string;
  /** InputEvent.inputType, when the browser says. */
  inputType?: string | undefined;
};

/**
 * The card number regrouped after an edit, and where the caret goes: after the same digits it
 * followed, so typing or deleting in the middle does not throw it to the end. Backspace (or Delete)
 * that removed only a space removes the digit before (or after) it, as the person pressing it means.
 */
export function regroup({ value, caret, previous, inputType }: Edit): { value: string; caret: number } {
  let raw = value;
  let at = caret;
  const removedOnlySpace =
    value.length < previous.length && value.replace(/\D/g, "") === previous.replace(/\D/g, "");
  if (removedOnlySpace && inputType === "deleteContentBackward") {
    const i = lastDigitBefore(raw, at);
    if (i >= 0) {
      raw = raw.slice(0, i) + raw.slice(i + 1);
      at = i;
    }
  } else if (removedOnlySpace && inputType === "deleteContentForward") {
    const i = raw.slice(at).search(/\d/);
    if (i >= 0) raw = raw.slice(0, at + i) + raw.slice(at + i + 1);
  }
  const grouped = groupCardNumber(raw);
  return { value: grouped, caret: afterDigit(grouped, Math.min(digitsBefore(raw, at), MAX_CARD_DIGITS)) };
}

function lastDigitBefore(value: string, position: number): number {
  for (let i = position - 1; i >= 0; i--) if (/\d/.test(value[i]!)) return i;
  return -1;
}
