/**
 * The one script each page runs inline, at the end of its `<head>`, after the stylesheet (vite.config.ts
 * writes it into index.html), before anything is drawn:
 * - the saved theme (else the system's setting): no flash of the wrong theme;
 * - the taka sign's font face (৳ lives in Bengali fonts, which not every device has: Debian's
 *   Chromium draws an empty box), added from its bytes. A face the stylesheet names is fetched when a
 *   price is first laid out, and its arrival made the browser restyle and lay out the whole page a
 *   second time (~150 ms of a slow phone's main thread, before the first paint); a face added here is
 *   ready before the first layout. A device with a Bengali font of its own draws the same glyph.
 *   Likewise the few glyphs of "বাংলা", the language switch's label on every English page, whose
 *   whole bold face (48 KB) an English reader's phone would otherwise fetch for that one word;
 * - on a Bangla page, the Bengali faces asked for before the first layout, or on a slow line with
 *   the app's code (below);
 * - on a page the server rendered, the app's code asked for once the page is on screen (below), and
 *   a press on its buttons before that code has come kept for it (below).
 * Inline rather than a file of its own, because a script in `<head>` holds the first paint until it
 * arrives (a round trip on a phone network: Lighthouse counted 150 ms). The Content-Security-Policy
 * allows exactly this text by its SHA-256 (src/server/plugins/security.ts), no other inline script. In
 * src/shared because both sides need the same text.
 */
import { EARLY_PRESSES_GLOBAL } from "./early-presses.ts";
import { BANGLA_NAME_FONT_WOFF2_BASE64, TAKA_FONT_WOFF2_BASE64 } from "./head-fonts.ts";
import { PAGE_PHOTO_TIMING } from "./page-photo-timing.ts";
import { THEME_STORAGE_KEY } from "./theme-storage.ts";

/** The family the stylesheet puts first in every text's font list (src/web/styles.css). */
export const TAKA_FONT_FAMILY = "MotoHaat Taka";

const theme = `const s=localStorage.getItem("${THEME_STORAGE_KEY}");document.documentElement.dataset.theme=s==="dark"||s==="light"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"`;
/** The statement that adds a face from its base64 WOFF2 bytes, with these descriptors (as JS source). */
const addFace = (family: string, base64: string, descriptors: string) =>
  `document.fonts.add(new FontFace("${family}",Uint8Array.from(atob("${base64}"),c=>c.charCodeAt(0)),{${descriptors}}))`;

// Any weight: bold prices get a synthesised bold. Only U+09F3: every other character keeps the system font.
const takaFace = addFace(TAKA_FONT_FAMILY, TAKA_FONT_WOFF2_BASE64, 'unicodeRange:"U+09F3",weight:"100 900"');

/** The family of the language switch's "বাংলা" (src/web/styles.css, `.font-bangla-name`). */
export const BANGLA_NAME_FONT_FAMILY = "MotoHaat Bangla Name";
// Only the switch's label asks for this family: its glyphs are the word's, no other text's.
const banglaNameFace = addFace(BANGLA_NAME_FONT_FAMILY, BANGLA_NAME_FONT_WOFF2_BASE64, 'weight:"100 900"');

/** The family of Bangla text, Noto Sans Bengali's faces (src/web/styles.css). */
export const BENGALI_FONT_FAMILY = "MotoHaat Bengali";
/** Set on <html> while a slow line's Bangla page holds its Bengali faces back (src/web/styles.css). */
export const BENGALI_LATER_ATTRIBUTE = "data-bengali-later";
/** Both Bengali faces asked for (as JS source); a failure (offline) is left silent. */
const loadBengaliFaces = `Promise.all(["","bold "].map(w=>document.fonts.load(w+'1em "${BENGALI_FONT_FAMILY}"',"\\u0985"))).catch(()=>{})`;
// On a Bangla page, both Bengali faces asked for at once, not when the first layout finds Bengali
// text: on a device without a Bengali font of its own (Debian's Chromium) they then arrive before the
// first paint, where they came after it and the cards' lines wrapped again (CLS 0.02–0.04 on a list
// and the home page; none in eight loads at 4× CPU with this). `load` goes through the face's sources
// in order, so a phone with Noto Sans Bengali (`local()`) downloads nothing. The faces exist once the
// stylesheet is parsed: the script comes after it (vite.config.ts).
// Except on a slow line (the browser's estimate under 1 Mbps, or data saving asked for; 0 is no
// estimate, as under Lighthouse's and DevTools' "no throttling"): there their ~93 KB take 0.75 s of
// the line at the least, shared with the page's photo (a shared bike link's photo at 3.2 s on
// 400 kbps, 2.5 s in English), and on 400 kbps they came after the 3 s `font-display: fallback`
// gives them, so they were not even drawn on that page. The stylesheet leaves them out of the font
// list while BENGALI_LATER_ATTRIBUTE is set; they are asked for with the app's code (below: once
// the page and its photo are drawn, 3 s after the HTML at most), and taken into use when both have
// come or failed: the words are drawn again in them, once.
const banglaFaces = `const r=document.documentElement;if(r.lang==="bn"){const c=navigator.connection;if(c&&(c.saveData||c.downlink>0&&1>c.downlink))r.setAttribute("${BENGALI_LATER_ATTRIBUTE}","");else ${loadBengaliFaces}}`;
// The faces held back on a slow line, asked for now (a phone with its own copy takes it at once): as
// new faces of the family, made from the stylesheet's, that are drawn whenever they come
// (`display: swap`). The stylesheet's own would not be: a face asked for more than 3 s before it comes
// is never drawn on that page (`fallback`'s failure period), and on a slow line these take longer.
// A sheet that cannot be read (another origin's: an extension's, a translation's) is passed over;
// if the copies fail (offline), the attribute goes all the same and the stylesheet's faces are tried.
const bengaliLater = `const r=document.documentElement;if(r.hasAttribute("${BENGALI_LATER_ATTRIBUTE}")){const f=[];for(const s of document.styleSheets){let l;try{l=s.cssRules}catch{continue}for(const x of l)if(x instanceof CSSFontFaceRule&&x.style.getPropertyValue("font-family").replaceAll('"',"")==="${BENGALI_FONT_FAMILY}"){const g=p=>x.style.getPropertyValue(p);f.push(new FontFace("${BENGALI_FONT_FAMILY}",g("src"),{weight:g("font-weight"),unicodeRange:g("unicode-range"),display:"swap"}))}}Promise.allSettled(f.map(e=>(document.fonts.add(e),e.load()))).then(()=>r.removeAttribute("${BENGALI_LATER_ATTRIBUTE}"))}`;

/** The attribute of the <template> holding a rendered page's app code tags, inert (src/server/plugins/server-render.ts). */
export const APP_CODE_ATTRIBUTE = "data-app-code";

// A rendered page reads without the app's code, which only makes it respond: its ~150 KB are asked
// for once the page has been drawn (its first contentful paint reported) and its photo (the one
// `fetchpriority="high"` image, the largest paint, named PAGE_PHOTO_TIMING) drawn too (its Element
// Timing entry) or failed.
// In the HTML as tags, they were fetched beside the photo: on a 400 kbps line the photo shared the
// line with them (a shared bike link's photo at 3.2 s), and on a fast one they finished before the
// first paint and Lighthouse's model counted them as holding it (LCP 2.0 s where the page and its
// photo alone take ~1 s). Paint entries, not an animation frame: a frame's paint reaches the screen
// later still on a busy phone, and the code came before it. Where a browser has no such entries, the
// image's load and two frames. Never more than 3 s, and at once if anything here fails; a page nobody
// sees paints nothing, and asks for its code at once. The tags wait in a <template>, whose content
// the browser neither fetches nor runs; copies of them run (a script's own element, once parsed,
// never runs).
const appCode = `addEventListener("DOMContentLoaded",()=>{const t=document.querySelector("template[${APP_CODE_ATTRIBUTE}]");let d=0;const go=()=>{if(d++)return;try{${bengaliLater}}catch{}if(t)for(const e of t.content.children){const c=document.createElement(e.localName);for(const a of e.attributes)c.setAttribute(a.name,a.value);document.head.append(c)}};if(!t)return go();try{const s=self.PerformanceObserver?.supportedEntryTypes||[],f=()=>new Promise(r=>requestAnimationFrame(()=>requestAnimationFrame(r))),seen=(type,test)=>s.includes(type)&&new Promise(r=>new PerformanceObserver((l,o)=>{if(l.getEntries().some(test)){o.disconnect();r()}}).observe({type,buffered:!0})),w=document.visibilityState!=="visible"?[]:[seen("paint",e=>e.name==="first-contentful-paint")||f(),...[...document.querySelectorAll('img[elementtiming="${PAGE_PHOTO_TIMING}"]')].map(i=>new Promise(r=>{const p=seen("element",e=>e.element===i);i.addEventListener("error",r);if(i.complete&&!i.naturalWidth)r();else if(p)p.then(r);else if(i.complete)f().then(r);else i.addEventListener("load",()=>f().then(r))}))];setTimeout(go,3e3);Promise.all(w).then(go)}catch{go()}})`;

// A press on one of the page's buttons before the app's code has come (seconds on a slow line: the
// page is drawn long before) is kept, to be carried out once the app has hydrated
// (src/web/app/early-presses.tsx), not lost. Buttons of type "button" only: without the code they do
// nothing, while links and a form's submit button work without it, and are left to the browser.
const earlyPresses = `const p=[],l=e=>{const b=e.target instanceof Element&&e.target.closest('button[type="button"]');if(b&&!b.disabled)p.push(b)};addEventListener("click",l,!0);self.${EARLY_PRESSES_GLOBAL}={pressed:p,listener:l}`;

/**
 * Each part on its own: storage blocked keeps the default light theme, the price its fallback glyph,
 * and a Bangla page its faces as the layout asks for them.
 */
export const HEAD_SCRIPT = `(()=>{try{${theme}}catch{}try{${takaFace};${banglaNameFace}}catch{}try{${banglaFaces}}catch{}try{${earlyPresses}}catch{}${appCode}})();`;

/** Where index.html has the script written in. */
export const HEAD_SCRIPT_PLACEHOLDER = "<script data-head-script></script>";
