/**
 * The popular brands' and models' names as people write them in Bangla (issue 25): পালসার finds
 * Pulsar, হোন্ডা finds Honda. Part of the catalogue (decision 016): a search's words are read
 * through this table before they are looked up, so a Bangla query finds the same catalogue models
 * as its English twin. Common spellings each (হোন্ডা and হন্ডা); a word not here is searched as typed,
 * so a model a seller wrote in Bangla is still found by its own words.
 */
import { asciiDigits } from "#shared/digits.ts";
import { normaliseName } from "./catalogue.ts";

const SPELLINGS: Record<string, string[]> = {
  // Brands
  honda: ["হোন্ডা", "হন্ডা"],
  yamaha: ["ইয়ামাহা", "ইয়ামাহা", "ইয়ামাহ", "য়ামাহা"],
  suzuki: ["সুজুকি", "সুজুকী", "সুযুকি"],
  bajaj: ["বাজাজ"],
  tvs: ["টিভিএস"],
  hero: ["হিরো"],
  royal: ["রয়েল", "রয়্যাল"],
  enfield: ["এনফিল্ড"],
  kawasaki: ["কাওয়াসাকি", "কাওয়াসাকি"],
  ktm: ["কেটিএম"],
  runner: ["রানার"],
  lifan: ["লিফান"],
  walton: ["ওয়ালটন", "ওয়ালটন"],
  keeway: ["কিওয়ে", "কিওয়ে"],
  benelli: ["বেনেলি"],
  vespa: ["ভেসপা"],
  aprilia: ["এপ্রিলিয়া", "অ্যাপ্রিলিয়া"],
  gpx: ["জিপিএক্স"],
  haojue: ["হাওজে", "হাওজুয়ে"],
  // Models and the words of their names
  pulsar: ["পালসার", "পালছার", "পালসর"],
  discover: ["ডিসকভার", "ডিস্কভার"],
  platina: ["প্লাটিনা", "প্লাটিনা"],
  dominar: ["ডোমিনার"],
  avenger: ["অ্যাভেঞ্জার", "এভেঞ্জার"],
  fz: ["এফজেড"],
  fzs: ["এফজেডএস"],
  r: ["আর"],
  mt: ["এমটি"],
  fazer: ["ফেজার"],
  saluto: ["সালুটো"],
  ray: ["রে"],
  gixxer: ["জিক্সার", "জিকসার"],
  sf: ["এসএফ"],
  hayate: ["হায়াতে", "হায়াতে"],
  access: ["অ্যাক্সেস", "এক্সেস"],
  apache: ["অ্যাপাচি", "এপাচি", "অ্যাপাচে"],
  rtr: ["আরটিআর"],
  metro: ["মেট্রো"],
  ntorq: ["এনটর্ক"],
  wego: ["উইগো"],
  splendor: ["স্প্লেন্ডার", "স্প্লেন্ডর"],
  glamour: ["গ্লামার", "গ্ল্যামার"],
  passion: ["প্যাশন"],
  hunk: ["হাঙ্ক"],
  thriller: ["থ্রিলার"],
  xpulse: ["এক্সপালস"],
  shine: ["শাইন"],
  livo: ["লিভো"],
  dream: ["ড্রিম"],
  hornet: ["হর্নেট"],
  xblade: ["এক্সব্লেড"],
  cb: ["সিবি"],
  cbr: ["সিবিআর"],
  unicorn: ["ইউনিকর্ন"],
  dio: ["ডিও"],
  duke: ["ডিউক"],
  rc: ["আরসি"],
  classic: ["ক্লাসিক"],
  bullet: ["বুলেট"],
  hunter: ["হান্টার"],
  himalayan: ["হিমালয়ান", "হিমালয়ান"],
  meteor: ["মিটিওর", "মেটিওর"],
  knight: ["নাইট"],
  rider: ["রাইডার"],
  ns: ["এনএস"],
  rs: ["আরএস"],
  gs: ["জিএস"],
  klx: ["কেএলএক্স"],
  scooter: ["স্কুটার"],
};

/** Each Bangla spelling, normalised as the catalogue normalises names, to its catalogue word. */
const LATIN = new Map<string, string>(
  Object.entries(SPELLINGS).flatMap(([latin, spellings]) => spellings.map((s) => [normaliseName(s), latin])),
);

/**
 * A normalised search text with its Bangla names in the catalogue's words and its Bengali digits in
 * ASCII: "পালসার ১৫০" → "pulsar 150", "আর১৫" → "r15". Words it does not know stay as they are.
 */
export function latinNames(text: string): string {
  return text
    .split(" ")
    .map((word) => {
      const known = LATIN.get(word);
      if (known) return known;
      // A name with its number written on: "আর১৫", "এফজেড২৫".
      const [, name = "", digits = ""] = /^(.*?)([০-৯0-9]*)$/u.exec(word) ?? [];
      return `${LATIN.get(name) ?? name}${asciiDigits(digits)}`;
    })
    .join(" ");
}
