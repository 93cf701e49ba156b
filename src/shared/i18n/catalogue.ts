import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { NOTIFICATION_KINDS } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/*
 * The English catalogue is MSG, TALK_MSG, MONEY_MSG and NOTIFICATION_KINDS: the product's texts, quoted by
 * docs/product.md, each named by its dotted key (`order.tooManyHolds`). A text is a string or a
 * template (a function of its parameters). Other languages' catalogues (./bn.json) hold an ICU
 * message for every key, its parameters named `{0}`, `{1}`… in the template's order.
 */

export type Message = string | ((...args: never[]) => string);
type KeysOf<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends Message ? `${Prefix}${K}` : KeysOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every message, MSG's, TALK_MSG's and MONEY_MSG's (their keys do not overlap), and the names of
 * the kinds of notification (kept with their schema, out of the pages' first load).
 */
export const ALL_MESSAGES = { ...MSG, ...TALK_MSG, ...MONEY_MSG, notificationKind: NOTIFICATION_KINDS };

/** The key of a message in MSG, TALK_MSG or MONEY_MSG: `"order.tooManyHolds"`, `"dispute.tooLate"`. */
export type MessageKey = KeysOf<typeof ALL_MESSAGES>;

/** The message of MSG at `key`: a text, or a template. */
export function messageAt(key: MessageKey): Message {
  let value: unknown = ALL_MESSAGES;
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string" && typeof value !== "function") throw new Error(`no message ${key}`);
  return value as Message;
}

/** Every key of the English catalogue, in the order the files list them. */
export function allMessageKeys(): MessageKey[] {
  const keys: string[] = [];
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === "string" || typeof v === "function") keys.push(`${prefix}${k}`);
      else walk(v as Record<string, unknown>, `${prefix}${k}.`);
    }
  };
  walk(ALL_MESSAGES, "");
  return keys as MessageKey[];
}

/** A private-use character, in no message: where a template's parameters go. */
const HOLE = "\uE000";

/** A template's texts as a pattern: each parameter stands for any text, captured in order. */
export function templatePattern(template: (...args: string[]) => string): RegExp {
  const parts = template(...Array.from({ length: template.length }, () => HOLE)).split(HOLE);
  const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join("(.+)")}$`, "s");
}

type TextIndex = {
  exact: Map<string, MessageKey>;
  singulars: Map<string, { key: MessageKey; args: string[] }>;
  /** The longest fixed text first: a more specific template wins over a looser one. */
  templates: { pattern: RegExp; key: MessageKey }[];
};
let textIndex: TextIndex | undefined;

function indexed(): TextIndex {
  if (textIndex) return textIndex;
  const index: TextIndex = { exact: new Map(), singulars: new Map(), templates: [] };
  const fixed = new Map<MessageKey, number>();
  for (const key of allMessageKeys()) {
    const message = messageAt(key);
    if (typeof message === "string") {
      if (!index.exact.has(message)) index.exact.set(message, key);
    } else {
      const template = message as (...args: string[]) => string;
      const pattern = templatePattern(template);
      fixed.set(key, template(...Array.from({ length: template.length }, () => "")).length);
      // A template that says one thing differently (`1 hour`, not `1 hours`) is found by that text too.
      const one = (message as (...args: number[]) => string)(
        ...Array.from({ length: template.length }, () => 1),
      );
      if (!index.exact.has(one) && !pattern.test(one)) {
        index.singulars.set(one, { key, args: Array.from({ length: template.length }, () => "1") });
      }
      index.templates.push({ pattern, key });
    }
  }
  index.templates.sort((a, b) => fixed.get(b.key)! - fixed.get(a.key)!);
  textIndex = index;
  return index;
}

/**
 * The message a text of the English catalogue was made from, and a template's arguments as they
 * appear in it; undefined for a text of no message (a card provider's own words, a person's).
 */
export function findMessage(text: string): { key: MessageKey; args: string[] } | undefined {
  const { exact, singulars, templates } = indexed();
  const key = exact.get(text);
  if (key) return { key, args: [] };
  const singular = singulars.get(text);
  if (singular) return singular;
  for (const t of templates) {
    const match = t.pattern.exec(text);
    if (match) return { key: t.key, args: match.slice(1) };
  }
  return undefined;
}
