/**
 * `10 * 1024 * 1024` → `10 MB`: a size in bytes as people read it, in units of 1,024 as the limits
 * are set, to one decimal place at most (`1.5 MB`). Apart from format.ts, which every page loads:
 * only the forms that take a file need it.
 */
export function formatFileSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  // Rounded before it is compared, so 1,048,575 bytes reads `1 MB`, not `1024 KB`.
  while (Math.round(value * 10) / 10 >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 10) / 10} ${units[unit]}`;
}
