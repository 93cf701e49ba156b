import { PAGE_LANGUAGE_HEADER } from "#shared/i18n/locales.ts";
import { apiLanguage, failedAnswer } from "#web/lib/api-client.ts";

/** Bytes of the request body sent so far, of `total`. */
export type UploadProgress = (loaded: number, total: number) => void;

/**
 * Sends a multipart body as `api()` does (same-origin cookies, JSON answer, every failure an
 * ApiError with a message for people), through XMLHttpRequest: fetch cannot report how much of a
 * request body has gone yet, and a photo upload's progress bar needs exactly that.
 */
export function sendWithProgress<T>(
  path: string,
  body: FormData,
  {
    method = "POST",
    onProgress,
    signal,
  }: { method?: string; onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was stopped.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader("accept", "application/json");
    // In the page's language, like every other request (a refusal's words match the form).
    xhr.setRequestHeader("accept-language", apiLanguage());
    xhr.setRequestHeader(PAGE_LANGUAGE_HEADER, apiLanguage());
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded, e.total);
    });
    xhr.addEventListener("load", () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(failedAnswer(xhr.status, xhr.statusText, parsed));
    });
    xhr.addEventListener("error", () => reject(failedAnswer(0, "Network error", undefined)));
    xhr.addEventListener("abort", () => reject(new DOMException("The upload was stopped.", "AbortError")));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
