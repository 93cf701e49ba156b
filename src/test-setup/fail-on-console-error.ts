import { afterEach, vi } from "vitest";

// A test that makes the code print console.error has found a problem even if its assertions pass.
const errors: unknown[][] = [];
const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const printed = errors.map((a) => a.map(String).join(" ")).join("\n");
  errors.length = 0;
  spy.mockClear();
  throw new Error(`console.error was called:\n${printed}`);
});
