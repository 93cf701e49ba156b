/**
 * Structured text for articles and FAQ answers: plain data rendered by <Blocks>, so content needs
 * no markdown parser and no raw HTML.
 */

/** A run of text inside a paragraph or list item: plain, a link within the app, inline code or bold. */
export type Inline = string | { link: string; text: string } | { code: string } | { strong: string };

/** A paragraph or list item: plain text, or runs of inline pieces. */
export type Rich = string | readonly Inline[];

export type Block =
  | { type: "p"; text: Rich }
  | { type: "h2"; text: string }
  | { type: "ul"; items: readonly Rich[] }
  | { type: "ol"; items: readonly Rich[] }
  | { type: "tip"; text: Rich }
  | { type: "code"; code: string };

function inlineText(piece: Inline): string {
  if (typeof piece === "string") return piece;
  if ("link" in piece) return piece.text;
  if ("code" in piece) return piece.code;
  return piece.strong;
}

function richText(rich: Rich): string {
  return typeof rich === "string" ? rich : rich.map(inlineText).join("");
}

/** Every word a reader reads in these blocks (code counted too). */
export function wordCount(blocks: readonly Block[]): number {
  const text = blocks
    .map((b) => {
      switch (b.type) {
        case "ul":
        case "ol":
          return b.items.map(richText).join(" ");
        case "code":
          return b.code;
        default:
          return richText(b.text);
      }
    })
    .join(" ");
  return text.split(/\s+/).filter(Boolean).length;
}
