import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";
import { SHELL_TEXT } from "#web/texts/shell.ts";
import { ENGLISH, LanguageProvider, loadLanguage, sayIn, textsIn, useFormat, useTexts } from "./i18n.tsx";

function Sample() {
  const msg = useTexts(MSG);
  const shell = useTexts(SHELL_TEXT).shell;
  const format = useFormat();
  return (
    <ul>
      <li>{shell.nav.home}</li>
      <li>{msg.booking.heldByYou(msg.booking.hours(3))}</li>
      <li>{msg.listing.empty("Scooter")}</li>
      <li>{format.taka(150_000)}</li>
      <li>{format.date("2022-11-05")}</li>
    </ul>
  );
}

const items = () => screen.getAllByRole("listitem").map((item) => item.textContent);

describe("the pages' texts in the page's language", () => {
  it("are the English texts themselves in English: the same objects, nothing loaded", async () => {
    expect(await loadLanguage("en")).toBe(ENGLISH);
    expect(textsIn(MSG, ENGLISH)).toBe(MSG);
    render(
      <LanguageProvider initial={ENGLISH}>
        <Sample />
      </LanguageProvider>,
    );
    expect(items()).toEqual([
      "Home",
      "Booked by you — pay within 3 hours",
      "There are no products in Scooter",
      "৳1,50,000",
      "05-Nov-2022",
    ]);
  });

  it("are the compiled Bangla catalogue's in Bangla: templates with CLDR numbers, taka and dates by locale", async () => {
    const bn = await loadLanguage("bn");
    render(
      <LanguageProvider initial={bn}>
        <Sample />
      </LanguageProvider>,
    );
    expect(items()).toEqual([
      "হোম",
      "আপনি বুক করেছেন — ৩ ঘণ্টা-এর মধ্যে দাম দিন",
      "Scooter: কোনো বাইক নেই",
      "৳১,৫০,০০০",
      "০৫ নভেম্বর ২০২২",
    ]);
    expect(document.documentElement.lang).toBe("bn");
  });

  it("records the messages a render used (the server sends those with a page), and says a taka argument in Bangla", async () => {
    const bn = { ...(await loadLanguage("bn")), used: new Set<string>() };
    const msg = textsIn(MSG, bn);
    expect(msg.listing.empty("৳1,50,000")).toBe("৳১,৫০,০০০: কোনো বাইক নেই");
    expect([...bn.used]).toEqual(["listing.empty"]);
  });

  it("completes a page's few messages with the whole catalogue after it hydrates", async () => {
    const whole = await loadLanguage("bn");
    const few = await loadLanguage("bn", { "shell.nav.home": whole.messages["shell.nav.home"]! });
    expect(few.partial).toBe(true);
    render(
      <LanguageProvider initial={few}>
        <Sample />
      </LanguageProvider>,
    );
    // At first the page has only the messages it came with; then every one.
    expect(await screen.findByText("Scooter: কোনো বাইক নেই")).toBeInTheDocument();
    expect(items()[0]).toBe("হোম");
  });
});

describe("a text made in English elsewhere (a shared schema's message, a client-made error)", () => {
  it("is said in Bangla when it is the catalogue's, with its values; any other text as it is", async () => {
    const bn = await loadLanguage("bn");
    expect(sayIn(MSG.listing.yearRange(1990, 2026), bn)).toBe("সাল ১৯৯০ থেকে ২০২৬-এর মধ্যে হতে হবে");
    expect(sayIn(MSG.generic.somethingWrong, bn)).toBe("কিছু একটা সমস্যা হয়েছে, আবার চেষ্টা করুন");
    expect(sayIn("The bank of Narnia said no.", bn)).toBe("The bank of Narnia said no.");
    expect(sayIn(MSG.generic.somethingWrong, ENGLISH)).toBe(MSG.generic.somethingWrong);
  });
});

describe("two trees alike at the top", () => {
  it("are each said from their own texts", async () => {
    const bn = await loadLanguage("bn");
    const a = { shell: { nav: SHELL_TEXT.shell.nav } };
    const b = { shell: { footer: SHELL_TEXT.shell.footer } };
    expect(textsIn(a, bn).shell.nav.home).toBe("হোম");
    expect(textsIn(b, bn).shell.footer.faq).toBe("সাধারণ প্রশ্ন");
    expect(textsIn(a, bn).shell.nav.blog).toBe("ব্লগ");
  });
});

describe("a localised tree", () => {
  it("gives the same function for a template each time, reads like the tree, and knows no inherited names", async () => {
    const bn = await loadLanguage("bn");
    const msg = textsIn(MSG, bn);
    expect(msg.booking.hours).toBe(msg.booking.hours);
    expect(Object.keys(msg.booking)).toEqual(Object.keys(MSG.booking));
    expect(Object.hasOwn(msg.booking, "hours")).toBe(true);
    expect(textsIn({ constructor: { name: "x" } }, bn).constructor.name).toBe("x");
  });
});
