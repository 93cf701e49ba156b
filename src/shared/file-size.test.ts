import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.ts";

describe("formatFileSize", () => {
  it("says a size in the largest unit of 1,024 it reaches, to one decimal place at most", () => {
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(900)).toBe("900 bytes");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
  });
});
