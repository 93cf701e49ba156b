import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

/**
 * A message ready for intl-messageformat without its parser (decision 031): a text that needs no
 * formatting as the text itself, any other as its parsed ICU (the AST intl-messageformat takes in
 * place of a string). The browser's build leaves the parser out (12 KB gzip), so the Bangla catalogue
 * reaches it compiled: by the build (vite.config.ts's `virtual:catalogue/bn`), and a page rendered on
 * the server carries the compiled messages its render used.
 */
export type CompiledMessage = string | MessageFormatElement[];
export type CompiledCatalogue = Record<string, CompiledMessage>;

export function compileMessage(message: string): CompiledMessage {
  const ast = parse(message);
  const [only] = ast;
  if (ast.length === 0) return "";
  if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
  return ast;
}

export function compileCatalogue(messages: Record<string, string>): CompiledCatalogue {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]));
}
