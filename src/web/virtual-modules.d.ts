/** A language's catalogue, compiled by the build (scripts/catalogue-plugin.ts). */
declare module "virtual:catalogue/*" {
  const catalogue: import("#shared/i18n/compile.ts").CompiledCatalogue;
  export default catalogue;
}
