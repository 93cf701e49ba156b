import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Carousel, type CarouselSlide } from "./carousel.tsx";

const slides: CarouselSlide[] = [
  { id: "a", headline: "First headline", subline: "First sub-line", art: null },
  { id: "b", headline: "Second headline", subline: "Second sub-line", art: null },
  { id: "c", headline: "Third headline", subline: "Third sub-line", art: null },
];

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query === "(prefers-reduced-motion: reduce)",
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** The slide a sighted user sees: the only one not hidden, and the dot marked current agrees. */
function activeSlide(): number {
  const visible = screen
    .getAllByRole("group", { hidden: true })
    .filter(
      (g) => g.getAttribute("aria-roledescription") === "slide" && g.getAttribute("aria-hidden") !== "true",
    );
  expect(visible).toHaveLength(1);
  const n = Number(visible[0]!.getAttribute("aria-label")!.split(" ")[0]);
  expect(screen.getByRole("button", { name: `Go to slide ${n}` })).toHaveAttribute("aria-current", "true");
  return n;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Carousel", () => {
  beforeEach(() => mockReducedMotion(false));

  it("is a labelled carousel region of slides named 'N of M'", () => {
    render(<Carousel slides={slides} label="Featured" />);
    const region = screen.getByRole("region", { name: "Featured" });
    expect(region).toHaveAttribute("aria-roledescription", "carousel");
    expect(screen.getByRole("group", { name: "1 of 3" })).toHaveAttribute("aria-roledescription", "slide");
    expect(screen.getByText("First headline")).toBeVisible();
    expect(activeSlide()).toBe(1);
  });

  it("moves with the next and previous buttons, wrapping at both ends", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} label="Featured" />);
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide()).toBe(2);
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide()).toBe(1);
    await user.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(activeSlide()).toBe(3);
  });

  it("jumps to a slide from its dot, which alone is marked current", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} label="Featured" />);
    await user.click(screen.getByRole("button", { name: "Go to slide 3" }));
    expect(activeSlide()).toBe(3);
    expect(screen.getByRole("button", { name: "Go to slide 1" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("group", { name: "3 of 3" })).toHaveTextContent("Third headline");
  });

  it("works from the keyboard: Tab to a control and press Enter or Space, or use the arrow keys", async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} label="Featured" />);
    await user.tab();
    expect(screen.getByRole("button", { name: "Previous slide" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Next slide" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(activeSlide()).toBe(2);
    await user.keyboard(" ");
    expect(activeSlide()).toBe(3);
    await user.keyboard("{ArrowLeft}");
    expect(activeSlide()).toBe(2);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(activeSlide()).toBe(1);
    await user.tab();
    expect(screen.getByRole("button", { name: "Go to slide 1" })).toHaveFocus();
    await user.tab();
    await user.keyboard("{Enter}");
    expect(activeSlide()).toBe(2);
  });

  it("follows a sideways swipe but not a short or vertical drag", () => {
    render(<Carousel slides={slides} label="Featured" />);
    const slide = screen.getByRole("group", { name: "1 of 3" });
    const swipe = (fromX: number, toX: number, fromY = 100, toY = 100) => {
      fireEvent.pointerDown(slide, { pointerType: "touch", clientX: fromX, clientY: fromY });
      fireEvent.pointerUp(slide, { pointerType: "touch", clientX: toX, clientY: toY });
    };
    swipe(300, 100);
    expect(activeSlide()).toBe(2);
    swipe(100, 300);
    expect(activeSlide()).toBe(1);
    swipe(300, 280);
    expect(activeSlide()).toBe(1);
    swipe(300, 240, 0, 300);
    expect(activeSlide()).toBe(1);
  });

  it("advances every 5 seconds, and pauses while hovered or focused", () => {
    vi.useFakeTimers();
    render(<Carousel slides={slides} label="Featured" />);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe(2);

    const region = screen.getByRole("region", { name: "Featured" });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(15_000));
    expect(activeSlide()).toBe(2);
    fireEvent.mouseLeave(region);

    act(() => screen.getByRole("button", { name: "Go to slide 1" }).focus());
    act(() => vi.advanceTimersByTime(15_000));
    expect(activeSlide()).toBe(2);
    act(() => screen.getByRole("button", { name: "Go to slide 1" }).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe(3);
  });

  it("stops and restarts automatic rotation from its own button", async () => {
    vi.useFakeTimers();
    render(<Carousel slides={slides} label="Featured" />);
    fireEvent.click(screen.getByRole("button", { name: "Stop automatic slide show" }));
    act(() => screen.getByRole("button", { name: "Start automatic slide show" }).blur());
    act(() => vi.advanceTimersByTime(20_000));
    expect(activeSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    act(() => screen.getByRole("button", { name: "Stop automatic slide show" }).blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(activeSlide()).toBe(2);
  });

  it("never advances on its own when the user prefers reduced motion", () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    render(<Carousel slides={slides} label="Featured" />);
    act(() => vi.advanceTimersByTime(30_000));
    expect(activeSlide()).toBe(1);
    expect(screen.queryByRole("button", { name: /automatic slide show/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide()).toBe(2);
  });
});
