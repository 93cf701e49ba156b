import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { showFieldErrors } from "./form-errors.ts";

type Form = { code: string; password: string };

const apiError = (detail: string, errors?: Record<string, string>) =>
  new ApiError({
    type: "about:blank",
    title: "Bad Request",
    status: 400,
    detail,
    ...(errors ? { errors } : {}),
  });

describe("showFieldErrors", () => {
  it("puts each named field's message under its input, the first per input winning", () => {
    const setError = vi.fn();
    const shown = showFieldErrors<Form>(
      apiError("Check the form", { pin: "Wrong", code: "Also wrong" }),
      setError,
      {
        pin: "code",
        code: "code",
      },
    );
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["code", { type: "server", message: "Wrong" }, { shouldFocus: true }],
    ]);
  });

  it("leaves the detail to the caller when no input is named", () => {
    const setError = vi.fn();
    expect(showFieldErrors<Form>(apiError("Too many tries"), setError, ["password"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it("puts the detail under the fallback input when no input is named", () => {
    const setError = vi.fn();
    expect(
      showFieldErrors<Form>(apiError("Too many tries"), setError, ["password"], { fallback: "code" }),
    ).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["code", { type: "server", message: "Too many tries" }, { shouldFocus: true }],
    ]);
  });

  it("uses no fallback when a named input got its message", () => {
    const setError = vi.fn();
    showFieldErrors<Form>(
      apiError("Wrong password", { password: "Wrong password" }),
      setError,
      ["password"],
      {
        fallback: "code",
      },
    );
    expect(setError.mock.calls).toEqual([
      ["password", { type: "server", message: "Wrong password" }, { shouldFocus: true }],
    ]);
  });

  it("focuses the first input in the form's order, whatever order the server named them in", () => {
    const setError = vi.fn();
    showFieldErrors<Form>(apiError("Check the form", { password: "Too short", code: "Wrong" }), setError, [
      "code",
      "password",
    ]);
    expect(setError.mock.calls).toEqual([
      ["password", { type: "server", message: "Too short" }, { shouldFocus: false }],
      ["code", { type: "server", message: "Wrong" }, { shouldFocus: true }],
    ]);
  });
});
