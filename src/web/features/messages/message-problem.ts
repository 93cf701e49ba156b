import { MAX_MESSAGE_LENGTH } from "#shared/message-limits.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/** What is wrong with a message before it is sent (the server says the same), or null. */
export function messageProblem(trimmed: string): string | null {
  if (!trimmed) return TALK_MSG.conversation.bodyRequired;
  if (trimmed.length > MAX_MESSAGE_LENGTH) return TALK_MSG.conversation.bodyTooLong;
  return null;
}
