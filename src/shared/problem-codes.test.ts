import { describe, expect, it } from "vitest";
import { MSG } from "./messages.ts";
import { MONEY_MSG } from "./money-messages.ts";
import { codeOf, type MessageKey, messageAt, PROBLEM_CODES, statusesOf } from "./problem-codes.ts";
import { MFA_ENROLMENT_REQUIRED } from "./schemas/two-factor.ts";
import { TALK_MSG } from "./talk-messages.ts";

/** MSG, TALK_MSG and MONEY_MSG: problems' messages come from all three. */
const ALL = { ...MSG, ...TALK_MSG, ...MONEY_MSG };

/** Every text of MSG, TALK_MSG and MONEY_MSG with its key; a template as it reads with its parameters as `{0}`, `{1}`… */
function allTexts(entries: object = ALL, prefix = ""): [string, string][] {
  return Object.entries(entries).flatMap(([key, value]): [string, string][] => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [[name, value]];
    if (typeof value === "function") {
      const params = Array.from({ length: value.length }, (_, i) => `{${i}}`);
      return [[name, (value as (...args: string[]) => string)(...params)]];
    }
    return allTexts(value as object, name);
  });
}

const fromMessages = PROBLEM_CODES.filter((p) => p.key !== undefined) as { code: string; key: MessageKey }[];
/** A problem's message as it is sent: a template with sample words in it. */
const sent = (key: MessageKey) => {
  const message = messageAt(key);
  return typeof message === "string"
    ? message
    : (message as (...args: string[]) => string)(...Array.from({ length: message.length }, () => "price"));
};

describe("problem codes", () => {
  it("give each problem a code of its own", () => {
    const codes = PROBLEM_CODES.map((p) => p.code);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
  });

  it("each problem's message is in MSG once, so its text names one code", () => {
    const texts = allTexts();
    for (const { key } of fromMessages) {
      const text = allTexts(ALL).find(([name]) => name === key)![1];
      expect(texts.filter(([, t]) => t === text).map(([name]) => name)).toEqual([key]);
    }
  });

  it.each(fromMessages)("$key is sent as $code", ({ code, key }) => {
    expect(codeOf(sent(key))).toBe(code);
  });

  it("a template's code is found from its text whatever fills it in", () => {
    expect(codeOf(MSG.listing.minAboveMax("engine CC"))).toBe("listing.minAboveMax");
    expect(codeOf(MSG.listing.tooManyPhotos(8))).toBe("listing.tooManyPhotos");
    expect(codeOf(`${MSG.listing.tooManyPhotos(8)}!`)).toBeUndefined();
  });

  it("keeps the code clients already use for an admin who must enrol", () => {
    expect(codeOf(MSG.mfa.enrolmentRequired)).toBe(MFA_ENROLMENT_REQUIRED);
  });

  it("name no code for a text that is not a problem's", () => {
    expect(codeOf(MSG.signup.success)).toBeUndefined();
    expect(codeOf("this bike has just been sold.")).toBeUndefined();
  });

  it("list a status for every code but the fallback", () => {
    const without = PROBLEM_CODES.filter((p) => p.status.length === 0).map((p) => p.code);
    expect(without).toEqual(["unclassified"]);
    expect(statusesOf("order.tooManyHolds")).toEqual([409]);
    expect(statusesOf("no.such.code")).toEqual([]);
  });
});
