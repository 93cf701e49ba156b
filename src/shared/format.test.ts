import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatPhone,
  formatTaka,
  relocaliseDate,
} from "./format.ts";
import { MSG } from "./messages.ts";
import { BookingFieldsSchema, normalisePhone } from "./schemas/orders.ts";

describe("formatNumber", () => {
  it.each([0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -45_000, 1500.7])(
    "groups %d in threes as en-US does",
    (n) => {
      expect(formatNumber(n)).toBe(Math.trunc(n).toLocaleString("en-US"));
    },
  );
});

describe("formatTaka", () => {
  it.each([
    [0, "৳0"],
    [950, "৳950"],
    [1500, "৳1,500"],
    [150_000, "৳1,50,000"],
    [10_000_000, "৳1,00,00,000"],
  ])("%d reads %s", (amount, text) => {
    expect(formatTaka(amount)).toBe(text);
  });
});

describe("formatDateTime", () => {
  it.each([
    ["2026-11-26T08:30:00.000Z", "26-Nov-2026, 2:30 pm"],
    // Dhaka is UTC+6: late evening in UTC is the next morning there.
    ["2026-11-26T18:05:00.000Z", "27-Nov-2026, 12:05 am"],
    ["2026-11-26T06:00:00.000Z", "26-Nov-2026, 12:00 pm"],
    ["2026-12-31T17:59:00.000Z", "31-Dec-2026, 11:59 pm"],
  ])("%s reads %s on Dhaka's clock", (iso, text) => {
    expect(formatDateTime(iso)).toBe(text);
  });
});

describe("formatDate", () => {
  it.each([
    ["2026-11-26T08:30:00.000Z", "26-Nov-2026"],
    // The day in Dhaka, not in UTC: 11:17 pm UTC is already the next morning there.
    ["2026-11-27T23:17:00.000Z", "28-Nov-2026"],
    ["2026-12-31T17:59:00.000Z", "31-Dec-2026"],
    ["2026-12-31T18:00:00.000Z", "01-Jan-2027"],
  ])("%s falls on %s in Dhaka", (iso, text) => {
    expect(formatDate(iso)).toBe(text);
  });
});

describe("phone numbers", () => {
  it.each([
    ["01712345678", "+8801712345678"],
    ["+8801712345678", "+8801712345678"],
    ["8801712345678", "+8801712345678"],
    ["017 1234 5678", "+8801712345678"],
    ["+880-1712-345678", "+8801712345678"],
    // Typed on a Bangla keyboard (issue 25): Bengali digits are the same number.
    ["০১৭১২৩৪৫৬৭৮", "+8801712345678"],
    ["+৮৮০১৭১২-৩৪৫৬৭৮", "+8801712345678"],
    ["০১৭১২ 345678", "+8801712345678"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it.each(["0171234567", "01212345678", "+881712345678", "01712o45678", "", "+44 7911 123456"])(
    "%j is not a Bangladeshi mobile number",
    (typed) => {
      expect(normalisePhone(typed)).toBeNull();
    },
  );

  it("the booking form says which: required when empty, what is expected when wrong", () => {
    const errorOf = (phone: string) =>
      BookingFieldsSchema.safeParse({ phone, meetingLocation: "Gulshan 1" }).error?.issues[0]?.message;
    expect(errorOf("  ")).toBe(MSG.order.phoneRequired);
    expect(errorOf("12345")).toBe(MSG.order.phoneInvalid);
    expect(BookingFieldsSchema.parse({ phone: "01712-345678", meetingLocation: "Gulshan 1" }).phone).toBe(
      "+8801712345678",
    );
  });

  it("shows a stored number as 01XXX-XXXXXX, and any older free-form one as it was typed", () => {
    expect(formatPhone("+8801712345678")).toBe("01712-345678");
    expect(formatPhone("01711-000000 (evenings)")).toBe("01711-000000 (evenings)");
  });
});

describe("in Bangla (issue 25)", () => {
  it.each([0, 7, 999, 1000, 12_345, 150_000, 1_234_567, 1_234_567_890, -45_000, 1500.7])(
    "formatNumber groups %d as CLDR's bn does, in Bengali digits",
    (n) => {
      expect(formatNumber(n, "bn")).toBe(new Intl.NumberFormat("bn-BD").format(Math.trunc(n)));
    },
  );

  it("prices read ৳১,৫০,০০০: the taka sign first, lakh grouping, Bengali digits", () => {
    expect(formatTaka(150_000, "bn")).toBe("৳১,৫০,০০০");
    expect(formatTaka(999, "bn")).toBe("৳৯৯৯");
    expect(formatTaka(12_345_678, "bn")).toBe("৳১,২৩,৪৫,৬৭৮");
    expect(formatTaka(-1500, "bn")).toBe("-৳১,৫০০");
    // English stays as it was.
    expect(formatTaka(150_000)).toBe("৳1,50,000");
  });

  it("dates read ০৫ নভেম্বর ২০২২, each month named as CLDR's bn names it", () => {
    expect(formatDate("2022-11-05", "bn")).toBe("০৫ নভেম্বর ২০২২");
    expect(formatDate("2022-11-05")).toBe("05-Nov-2022");
    for (let month = 0; month < 12; month++) {
      const day = new Date(Date.UTC(2024, month, 15));
      const name = new Intl.DateTimeFormat("bn", { month: "long", timeZone: "UTC" }).format(day);
      expect(formatDate(day, "bn")).toBe(`১৫ ${name} ২০২৪`);
    }
  });

  it("a moment on Dhaka's clock: ২৬ নভেম্বর ২০২৬, ২:৩০ PM", () => {
    expect(formatDateTime("2026-11-26T08:30:00Z", "bn")).toBe("২৬ নভেম্বর ২০২৬, ২:৩০ PM");
    expect(formatDateTime("2026-11-25T18:05:00Z", "bn")).toBe("২৬ নভেম্বর ২০২৬, ১২:০৫ AM");
    expect(formatDateTime("2026-11-26T08:30:00Z")).toBe("26-Nov-2026, 2:30 pm");
  });
});

describe("relocaliseDate", () => {
  it.each([
    ["05-Nov-2022", "০৫ নভেম্বর ২০২২"],
    ["26-Nov-2026, 2:30 pm", "২৬ নভেম্বর ২০২৬, ২:৩০ PM"],
    ["26-Nov-2026, 12:05 am", "২৬ নভেম্বর ২০২৬, ১২:০৫ AM"],
    ["01-Jan-2027, 12:00 pm", "০১ জানুয়ারি ২০২৭, ১২:০০ PM"],
  ])("%s, as formatDate/formatDateTime wrote it, reads %s in Bangla", (english, bangla) => {
    expect(relocaliseDate(english, "bn")).toBe(bangla);
    // And back: the same day and moment.
    expect(relocaliseDate(english, "en")).toBe(english);
  });

  it("leaves any other text alone", () => {
    for (const text of ["Pulsar 150", "32-Foo-2022", "2022-11-05", "05-Nov-2022 at noon"]) {
      expect(relocaliseDate(text, "bn")).toBeUndefined();
    }
  });
});
