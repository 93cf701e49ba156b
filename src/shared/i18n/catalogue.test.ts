import { describe, expect, it } from "vitest";
import bn from "./bn.json" with { type: "json" };
import { allMessageKeys, findMessage, messageAt } from "./catalogue.ts";
import { expectSaysTheSame } from "./check.ts";

const catalogue: Record<string, string> = bn;
const keys = allMessageKeys();

describe("the Bangla catalogue (src/shared/i18n/bn.json)", () => {
  // A key of no English text is found by src/web/texts/texts.test.ts, which knows the pages' texts too.
  it("has every key of the English one", () => {
    expect(keys.filter((k) => !(k in catalogue))).toEqual([]);
  });

  it.each(keys)("%s takes the English message's arguments, all of them, and is Bangla", (key) => {
    expectSaysTheSame(messageAt(key), catalogue[key]);
  });
});

describe("findMessage: the message an English text was made from", () => {
  it("finds a text, and a template's arguments in order", () => {
    expect(findMessage("you must provide your name")).toEqual({ key: "signup.nameRequired", args: [] });
    expect(findMessage("Release Rahim's booking of Pulsar 150")).toEqual({
      key: "sellerBooking.releaseLabel",
      args: ["Rahim", "Pulsar 150"],
    });
  });

  it("finds a template's singular (`1 hour`), and nothing for a text of no message", () => {
    expect(findMessage("1 hour")).toEqual({ key: "booking.hours", args: ["1"] });
    expect(findMessage("3 hours")).toEqual({ key: "booking.hours", args: ["3"] });
    expect(findMessage("Your card was declined by the bank of Narnia")).toBeUndefined();
  });
});
