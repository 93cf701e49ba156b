import { act } from "@testing-library/react";
import { vi } from "vitest";

/** One request sent through the fake XMLHttpRequest, which the test moves on by hand when `hold` is set. */
export type HeldUpload = {
  method: string;
  url: string;
  body: Document | XMLHttpRequestBodyInit | null | undefined;
  /** The body's size as the fake counts it (the sizes of its files and texts). */
  total: number;
  /** Reports `share` (0 to 1) of the body as sent. */
  progress: (share: number) => void;
  /** Sends every byte, then answers with what the stubbed fetch (mockApi's handler) answers. */
  finish: () => Promise<void>;
  /** The connection drops: the request fails without an answer. */
  fail: () => void;
  /** Whether the page stopped it (`xhr.abort()`); a stopped request answers nothing after. */
  aborted: boolean;
};

function sizeOf(body: HeldUpload["body"]): number {
  if (!(body instanceof FormData)) return 0;
  let size = 0;
  for (const [, value] of body.entries()) size += typeof value === "string" ? value.length : value.size;
  return size;
}

/**
 * Replaces XMLHttpRequest (used where an upload shows its progress) with one that sends through the
 * stubbed `fetch`, so `mockApi`'s handlers answer uploads too. Without `hold` each request reports
 * half of its bytes, then all, then answers; with `hold` it waits for the test to call `progress`,
 * `finish` or `fail` on it (each wrapped in act, as they change what the page shows).
 */
export function stubXhr({ hold = false }: { hold?: boolean } = {}) {
  const sent: HeldUpload[] = [];

  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = "";
    responseText = "";
    #method = "GET";
    #url = "";
    #headers: Record<string, string> = {};
    #upload: HeldUpload | undefined;

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }

    abort() {
      if (!this.#upload || this.#upload.aborted) return;
      this.#upload.aborted = true;
      this.dispatchEvent(new ProgressEvent("abort"));
    }

    send(body?: HeldUpload["body"]) {
      const total = sizeOf(body);
      const progress = (share: number) =>
        this.upload.dispatchEvent(
          new ProgressEvent("progress", { lengthComputable: true, loaded: Math.round(total * share), total }),
        );
      const answer = async () => {
        if (upload.aborted) return;
        progress(1);
        const res = await fetch(this.#url, {
          method: this.#method,
          body: body as BodyInit,
          headers: this.#headers,
        });
        this.status = res.status;
        this.statusText = res.statusText;
        this.responseText = await res.text();
        if (!upload.aborted) this.dispatchEvent(new ProgressEvent("load"));
      };
      const upload: HeldUpload = {
        method: this.#method,
        url: this.#url,
        body,
        total,
        progress: (share) => act(() => void progress(share)),
        finish: () => act(answer),
        fail: () => act(() => void this.dispatchEvent(new ProgressEvent("error"))),
        aborted: false,
      };
      this.#upload = upload;
      sent.push(upload);
      if (!hold) {
        void (async () => {
          progress(0.5);
          await answer();
        })();
      }
    }
  }

  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return { sent };
}
