import { CircleAlert } from "lucide-react";

/**
 * A refusal said inside a form or dialog, where the person is looking (a toast would sit behind a
 * dialog), announced when it appears. Nothing while there is none.
 */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <div role="alert" className="alert alert-error alert-soft items-start">
      <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  ) : null;
}
