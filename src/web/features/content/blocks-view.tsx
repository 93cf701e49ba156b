import { Lightbulb } from "lucide-react";
import { Link } from "react-router";
import type { Block, Inline, Rich } from "./blocks.ts";

function InlineView({ piece }: { piece: Inline }) {
  if (typeof piece === "string") return piece;
  if ("link" in piece) {
    return (
      <Link to={piece.link} className="link link-primary">
        {piece.text}
      </Link>
    );
  }
  if ("code" in piece) {
    return <code className="rounded bg-base-200 px-1 py-0.5 font-mono text-[0.9em]">{piece.code}</code>;
  }
  return <strong>{piece.strong}</strong>;
}

function RichView({ rich }: { rich: Rich }) {
  if (typeof rich === "string") return rich;
  return rich.map((piece, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content that never reorders; position is its identity.
    <InlineView key={i} piece={piece} />
  ));
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "p":
      return (
        <p>
          <RichView rich={block.text} />
        </p>
      );
    case "h2":
      return <h2 className="pt-4 text-xl font-bold sm:text-2xl">{block.text}</h2>;
    case "ul":
    case "ol": {
      const List = block.type;
      return (
        <List className={`space-y-2 pl-6 ${List === "ul" ? "list-disc" : "list-decimal"}`}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static content that never reorders; position is its identity.
            <li key={i} className="pl-1">
              <RichView rich={item} />
            </li>
          ))}
        </List>
      );
    }
    case "tip":
      return (
        <div className="flex items-start gap-3 rounded-box border-l-4 border-info bg-base-200 p-4">
          <Lightbulb className="mt-1 size-5 shrink-0 text-info" />
          <p>
            <RichView rich={block.text} />
          </p>
        </div>
      );
    case "code":
      return (
        <pre className="overflow-x-auto rounded-box bg-base-200 p-4 text-sm leading-snug">
          <code>{block.code}</code>
        </pre>
      );
  }
}

/** Renders article or answer blocks with readable type: comfortable measure, spacing and lists. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="space-y-4 leading-relaxed">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content that never reorders; position is its identity.
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
