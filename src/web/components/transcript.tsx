import type { Message } from "#shared/schemas/messages.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

/**
 * A conversation as an admin reads it, folded until opened: each message's sender (named by
 * `nameOf`), time and words, oldest first. For reported conversations and disputed handovers.
 */
export function Transcript({
  messages,
  nameOf,
  title,
  empty,
}: {
  messages: Message[];
  nameOf: (senderId: string) => string;
  title?: string;
  /** What to say when there are none; without it, an empty transcript shows nothing. */
  empty?: string;
}) {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  const format = useFormat();
  if (messages.length === 0) return empty ? <p className="text-sm text-base-content/70">{empty}</p> : null;
  return (
    <details className="rounded-box bg-base-200 p-2">
      <summary className="cursor-pointer text-sm font-medium">
        {`${title ?? T.messages} (${format.number(messages.length)})`}
      </summary>
      <ol className="mt-2 flex max-h-80 flex-col gap-2 overflow-y-auto text-sm">
        {messages.map((m) => (
          <li key={m.id}>
            <span className="font-medium">{nameOf(m.senderId)}</span>{" "}
            <time className="text-xs text-base-content/70" dateTime={m.sentAt}>
              {format.dateTime(m.sentAt)}
            </time>
            {/* Shown as text (never markup): people wrote it. */}
            <p className="whitespace-pre-wrap break-words">{m.body}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}
