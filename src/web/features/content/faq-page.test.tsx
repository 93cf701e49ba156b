import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import FaqPage from "./faq-page.tsx";

function renderFaq() {
  return render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
}

const details = (question: string) => screen.getByText(question).closest("details")!;

describe("FAQ page", () => {
  it("opens and closes an answer when its question is clicked", async () => {
    const user = userEvent.setup();
    renderFaq();
    const item = details("What does “Stock Out” mean?");
    expect(item).not.toHaveAttribute("open");
    expect(within(item).getByText(/has been booked by a buyer/)).not.toBeVisible();

    await user.click(screen.getByText("What does “Stock Out” mean?"));
    expect(item).toHaveAttribute("open");
    expect(within(item).getByText(/has been booked by a buyer/)).toBeVisible();

    await user.click(screen.getByText("What does “Stock Out” mean?"));
    expect(item).not.toHaveAttribute("open");
  });

  // Enter and Space on a focused <summary> toggle it natively in browsers (jsdom does not model
  // that; the browser check covers it), so here: every question is a native, focusable summary.
  it("reaches the questions with Tab, as native summary elements", async () => {
    const user = userEvent.setup();
    renderFaq();
    const summaries = [...document.querySelectorAll("details > summary")];
    expect(summaries.length).toBeGreaterThanOrEqual(12);
    await user.tab();
    expect(summaries[0]).toHaveFocus();
    await user.tab();
    expect(summaries[1]).toHaveFocus();
  });

  it("groups marketplace questions and keeps the four developer questions", () => {
    renderFaq();
    expect(document.title).toBe("FAQ — MotoHaat");
    expect(screen.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeInTheDocument();

    const buying = screen.getByRole("region", { name: "Buying and selling" });
    expect(buying.querySelectorAll("details").length).toBeGreaterThanOrEqual(8);

    const developers = screen.getByRole("region", { name: "For developers" });
    const questions = [...developers.querySelectorAll("summary")].map((s) => s.textContent);
    expect(questions).toEqual([
      "What are the different ways to manage state in a React application?",
      "How does prototypal inheritance work?",
      "What is a unit test? Why should we write unit tests?",
      "React vs. Angular vs. Vue?",
    ]);
  });
});
