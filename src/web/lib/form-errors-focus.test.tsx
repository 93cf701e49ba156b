import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { flushSync } from "react-dom";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
import { showFieldErrors } from "./form-errors.ts";

type Values = { name: string; email: string; agree: string };

const badRequest = (errors: Record<string, string>) =>
  new ApiError({ type: "about:blank", title: "Bad Request", status: 400, detail: "Check the form", errors });

/**
 * A form that disables its inputs while its request runs, as the card form's fieldset and the photo
 * button do: the answer arrives while they are still disabled, and they are enabled afterwards, here
 * when the test says (`done`).
 */
function PendingForm({ errors: answer, done }: { errors: Record<string, string>; done: Promise<void> }) {
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: "Rahim", email: "rahim@example.com", agree: "yes" } });
  const onSubmit = handleSubmit(async () => {
    flushSync(() => setPending(true));
    await Promise.resolve();
    showFieldErrors(badRequest(answer), setError, ["name", "email", "agree"]);
    await done;
    setPending(false);
  });
  const invalid = (field: keyof Values) => (errors[field] ? "true" : "false");
  return (
    <form noValidate onSubmit={onSubmit}>
      <label htmlFor="f-name">Name</label>
      <input id="f-name" aria-invalid={invalid("name")} disabled={pending} {...register("name")} />
      <label htmlFor="f-email">Email</label>
      <input id="f-email" aria-invalid={invalid("email")} disabled={pending} {...register("email")} />
      <fieldset aria-describedby={errors.agree ? "agree-error" : undefined}>
        <legend>Agree</legend>
        <label>
          <input type="radio" value="yes" disabled={pending} {...register("agree")} /> Yes
        </label>
        <label>
          <input type="radio" value="no" disabled={pending} {...register("agree")} /> No
        </label>
        {errors.agree ? <p id="agree-error">{errors.agree.message}</p> : null}
      </fieldset>
      <label htmlFor="f-other">Other</label>
      <input id="f-other" />
      <button type="submit">Send</button>
    </form>
  );
}

/** The request's end, as the test decides it. */
function request() {
  let end = () => {};
  const done = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { done, end };
}

/** Counts the animation frames asked for and not yet run: 0 once the focus has stopped waiting. */
function countFrames() {
  const counter = { waiting: 0 };
  const raf = window.requestAnimationFrame.bind(window);
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
    counter.waiting++;
    return raf((time) => {
      counter.waiting--;
      callback(time);
    });
  });
  return counter;
}

afterEach(() => vi.restoreAllMocks());

describe("showFieldErrors moves focus to the first field it sets", () => {
  it("once the form enables its inputs again after the request", async () => {
    const user = userEvent.setup();
    const { done, end } = request();
    render(<PendingForm errors={{ email: "taken", name: "too short" }} done={done} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText("Name")).toBeDisabled();
    end();
    await vi.waitFor(() => expect(screen.getByLabelText("Name")).toHaveFocus());
  });

  it("to a radio group's first radio, which react-hook-form keeps no element for", async () => {
    const user = userEvent.setup();
    const { done, end } = request();
    render(<PendingForm errors={{ agree: "answer yes or no" }} done={done} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    end();
    await vi.waitFor(() => expect(screen.getByLabelText("Yes")).toHaveFocus());
  });

  it("but not away from where the person has gone meanwhile", async () => {
    const frames = countFrames();
    const user = userEvent.setup();
    const { done, end } = request();
    render(<PendingForm errors={{ email: "taken" }} done={done} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true"));
    await user.click(screen.getByLabelText("Other"));
    end();
    await vi.waitFor(() => expect(screen.getByLabelText("Email")).toBeEnabled());
    await vi.waitFor(() => expect(frames.waiting).toBe(0));
    expect(screen.getByLabelText("Other")).toHaveFocus();
  });
});
