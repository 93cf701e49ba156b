/**
 * Bengali digits (০১২৩৪৫৬৭৮৯, U+09E6–U+09EF) as ASCII digits, everything else left as it is. A
 * Bangla keyboard types them in any number field (issue 25): a phone typed as ০১৭১২৩৪৫৬৭৮ is the
 * same number as 01712345678, on the server as in the browser.
 */
export function asciiDigits(typed: string): string {
  return typed.replace(/[\u09E6-\u09EF]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/** ASCII digits as Bengali digits (`2022` → `২০২২`), everything else left as it is: numbers as Bangla writes them. */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
}
