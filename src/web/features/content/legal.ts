import { paths } from "#web/config/paths.ts";
import type { Block } from "./blocks.ts";

/**
 * The legal pages: Terms of use, Privacy policy, Cookie policy. What they say about data is what the
 * code does (session lifetimes in src/server/features/auth/sessions.ts, who sees a contact in the
 * orders presenter and decision 015, the theme in src/web/lib/theme.ts, the cookies set by the auth
 * feature); a change there is a change here, and docs/product.md says so too.
 */
export type LegalDoc = {
  path: string;
  title: string;
  /** ISO date these words last changed. */
  updated: string;
  summary: string;
  body: readonly Block[];
};

const UPDATED = "2026-11-27";

const terms: LegalDoc = {
  path: paths.terms.getHref(),
  title: "Terms of use",
  updated: UPDATED,
  summary:
    "The rules for buying and selling used motorbikes on MotoHaat: what we do, what you agree to when you make an account, and what happens when a booking is not paid.",
  body: [
    { type: "h2", text: "What MotoHaat is" },
    {
      type: "p",
      text: "MotoHaat Ltd. runs a marketplace where people in Bangladesh list used motorbikes for sale and book them. We show the bikes, hold a booked bike for its buyer for a limited time, and take card payments through our payment provider, keeping each until its handover and then paying the seller. We are not the seller of any bike: the seller is the person who listed it, and the deal, the papers and the handover are between the buyer and the seller.",
    },
    { type: "h2", text: "Your account" },
    {
      type: "ul",
      items: [
        "You make an account as a buyer or as a seller, with your real name, an email address you read and a photo of yourself. Admins are appointed by MotoHaat.",
        "Keep your password to yourself. You are responsible for what is done with your account; if you think someone else has used it, change your password (every other device is then signed out) or sign the other devices out from your profile.",
        "One person, one account. Accounts made to get around a limit or a ban may be closed.",
        [
          "You can delete your account at any time from your ",
          { link: paths.deleteAccount.getHref(), text: "profile" },
          ". What happens then is in the ",
          { link: paths.privacy.getHref(), text: "Privacy policy" },
          ".",
        ],
      ],
    },
    { type: "h2", text: "Selling" },
    {
      type: "ul",
      items: [
        "List only bikes you own or may sell, with true details: model, year, kilometres run, papers, price and real photos of that bike.",
        "A bike stays yours until it is paid for and handed over. While a buyer's booking holds it, nobody else can book it.",
        "Meet the buyer at the place they chose, or agree another safe public place, and hand over the bike with its papers. Keep the buyer's phone number and email for that deal only.",
        "A verified tick means an admin has checked the seller; it is not a guarantee of any bike.",
      ],
    },
    { type: "h2", text: "Booking and paying" },
    {
      type: "ul",
      items: [
        "Booking a bike holds it for you for a limited time (48 hours as a rule; your booking says until when). Pay within that time to make it yours; if you do not, the booking expires and the bike goes back on sale.",
        "You may hold at most three unpaid bookings at once. You can cancel an unpaid booking at any time, and a seller can release an unpaid booking whose buyer did not come.",
        "The price is the asking price when you booked; our server sets the amount charged, nobody types it. A booking that has expired or been cancelled cannot be paid, and nothing is charged for it.",
        "Inspect the bike and its papers at the meeting, before you pay in cash or confirm the handover of a card payment. Our blog has guides on what to check.",
        "MotoHaat keeps a card payment until the buyer confirms the handover, or until the date the order shows. Before then the buyer may report a problem (the handover did not happen, or the bike is not as described); the money then stays with MotoHaat until an admin refunds the buyer through the payment provider or pays the seller, and tells both why.",
        "MotoHaat pays sellers what it kept for them once the handover is done, less any platform fee shown on Earnings, to the bKash, Nagad or bank account on their profile. Cash paid at a meeting goes from buyer to seller and never through MotoHaat.",
      ],
    },
    { type: "h2", text: "What is not allowed" },
    {
      type: "ul",
      items: [
        "Stolen bikes, bikes without papers presented as having them, and listings that are not for a motorbike.",
        "False details, someone else's photos, or prices meant to mislead.",
        "Booking bikes you do not mean to buy, to keep them off the market.",
        "Using other people's contact details for anything but the deal they booked.",
        "Trying to break, overload or get around the site's security.",
      ],
    },
    {
      type: "p",
      text: "Anyone can report a listing to our admins, who may remove it. We may suspend or close accounts that break these terms.",
    },
    { type: "h2", text: "Our responsibility" },
    {
      type: "p",
      text: "We work to keep MotoHaat available and correct, but we cannot promise it is never down or never wrong. We are not responsible for the condition of a bike, its papers or the conduct of a buyer or seller. Nothing in these terms takes away rights you have under the laws of Bangladesh.",
    },
    { type: "h2", text: "Changes and contact" },
    {
      type: "p",
      text: [
        "When these terms change, the date at the top changes and the new terms apply from then on. Questions? Use the ",
        { link: paths.contact.getHref(), text: "contact section" },
        " of our home page.",
      ],
    },
  ],
};

const privacy: LegalDoc = {
  path: paths.privacy.getHref(),
  title: "Privacy policy",
  updated: UPDATED,
  summary:
    "What MotoHaat keeps about you, for how long, who sees your email address or phone number, and how to have your account deleted.",
  body: [
    { type: "h2", text: "What we keep" },
    {
      type: "ul",
      items: [
        [
          { strong: "Your account" },
          ": your name, email address, role (buyer, seller or admin), photo and when you joined. Your password is kept only as a one-way hash (argon2), never as you typed it. If you sign in with Google, we keep the id Google gives your account, your name, address and picture from Google. If you turn on two-step sign-in, we keep its secret encrypted and your recovery codes as hashes.",
        ],
        [
          { strong: "Your signed-in devices" },
          ": for each session, the browser and system, a shortened network address (the last part of it removed), when it signed in and when it was last used. You see the same list on your profile.",
        ],
        [
          { strong: "What you list" },
          ": a seller's bikes, with the details and photos they give. Photos are re-encoded when they arrive, which removes hidden data such as where a photo was taken.",
        ],
        [
          { strong: "Bookings" },
          ": the bike, its price, the phone number and meeting place the buyer gives, and when the booking was made, paid or ended.",
        ],
        [
          { strong: "Payments" },
          ": the payment provider's id for the payment, the amount, the card's brand and its last four digits. A full card number or CVC never reaches our database.",
        ],
        [{ strong: "Reports" }, ": which listing was reported, by whom and why."],
      ],
    },
    { type: "h2", text: "For how long" },
    {
      type: "ul",
      items: [
        "A session ends after 7 days unused, and 30 days after signing in however much it is used; ended sessions are deleted within the hour.",
        "A password-reset link works for one hour and once; it is deleted when used or expired.",
        "Your account, photo and listings are kept while you have the account. A photo nobody uses any more (a replaced profile photo, a deleted listing's photos) is deleted automatically within a day.",
        "Bookings and payments are kept after the deal: the buyer and the seller both need the record, and so do our accounts. When an account is deleted, its paid orders stay, under the name “Deleted account”.",
      ],
    },
    { type: "h2", text: "Who sees your email address or phone number" },
    {
      type: "ul",
      items: [
        "Nobody on the public pages: listings and sellers' pages show a seller's name, photo and verified tick, never an email address or a phone number.",
        "When you book a bike, its seller sees your name, photo, email address and the phone number you gave, while the booking is held or paid, to arrange the meeting. Once a booking expires or is cancelled or released, the seller no longer sees your contact.",
        "MotoHaat's admins see the name, photo and email address of every account, to verify sellers and handle reports. They do not see phone numbers.",
        "We do not sell your data, and we share nothing with advertisers. Card payments go to our payment provider; signing in with Google goes through Google.",
      ],
    },
    { type: "h2", text: "Deleting your account" },
    {
      type: "p",
      text: [
        "Signed in, open your ",
        { link: paths.deleteAccount.getHref(), text: "profile" },
        " and choose Delete my account; confirm with your password (or, for an account that signs in with Google only, by typing DELETE). It takes effect at once:",
      ],
    },
    {
      type: "ul",
      items: [
        "Your name, email address, photo, password, Google link and two-step sign-in are removed; every device is signed out and you cannot sign in to that account again. You may sign up again later with the same email address, as a new account.",
        "Your bikes leave the market: none of them shows in search or on a seller page any more. An unpaid booking of one of your bikes is released, and an unpaid booking you made is cancelled, so those bikes are for sale again.",
        "Paid orders keep what the other person needs: the bike, the price, the meeting place and the phone number of the booking stay on the order, with your name shown as “Deleted account”.",
        "The last admin cannot delete their account until another admin exists. The shared demo accounts cannot be deleted.",
      ],
    },
    {
      type: "p",
      text: [
        "If you cannot sign in any more and want your account deleted, write to us through the ",
        { link: paths.contact.getHref(), text: "contact section" },
        " from the account's email address.",
      ],
    },
    { type: "h2", text: "Cookies" },
    {
      type: "p",
      text: [
        "We use only the cookies that signing in needs, and no trackers: see the ",
        { link: paths.cookies.getHref(), text: "Cookie policy" },
        ".",
      ],
    },
  ],
};

const cookies: LegalDoc = {
  path: paths.cookies.getHref(),
  title: "Cookie policy",
  updated: UPDATED,
  summary:
    "MotoHaat uses a session cookie to keep you signed in, a few short-lived cookies while you sign in, and keeps your theme in your browser. No advertising or tracking cookies, no analytics.",
  body: [
    { type: "h2", text: "The session cookie" },
    {
      type: "p",
      text: [
        "When you sign in we set one cookie, ",
        { code: "__Host-mh_session" },
        " (",
        { code: "mh_session" },
        " on a development copy without https). It holds a random token that tells our server which session is yours; it cannot be read by the page's scripts and is sent only to MotoHaat. It lasts until you sign out, or until the session ends: after 7 days unused, or 30 days after signing in.",
      ],
    },
    { type: "h2", text: "While you sign in" },
    {
      type: "ul",
      items: [
        [
          { code: "__Secure-mh_device" },
          ": marks a browser that has signed in to an account before, so that someone guessing your password elsewhere cannot lock you out (it holds a random id and a signature, not your email address). Sent only with sign-in requests; kept for a year.",
        ],
        [
          { code: "mh_mfa" },
          ": names your account between your password and your two-step sign-in code; five minutes at most.",
        ],
        [
          { code: "mh_google" },
          ": keeps a Google sign-in safe between leaving for Google and coming back; ten minutes at most.",
        ],
      ],
    },
    {
      type: "p",
      text: "These cookies are needed for signing in to work, so they are set without asking. Signing out or deleting your account clears the session cookie.",
    },
    { type: "h2", text: "Your theme, in your browser" },
    {
      type: "p",
      text: [
        "If you switch between the light and dark theme, your choice is kept in your browser's local storage under ",
        { code: "motohaat-theme" },
        ". It never leaves your device. Clear it, or your browser's site data, to go back to your system's setting.",
      ],
    },
    { type: "h2", text: "No trackers" },
    {
      type: "p",
      text: "MotoHaat has no advertising, analytics or social media cookies, and loads no tracking scripts. When card payments are taken by our payment provider (Stripe), its card form on the payment page may set its own cookies to prevent fraud; those are covered by Stripe's privacy policy. Signing in with Google happens on Google's pages, under Google's policies.",
    },
  ],
};

/** The English edition (src/web/features/content/editions.ts picks the page's). */
export const LEGAL_DOCS: readonly LegalDoc[] = [terms, privacy, cookies];

/** The date every legal page last changed, shared by each edition. */
export const LEGAL_UPDATED = UPDATED;

/** The legal page at a path (`/terms`, `/privacy`, `/cookies`), in `docs`' edition. */
export function findLegalDoc(pathname: string, docs: readonly LegalDoc[] = LEGAL_DOCS): LegalDoc | undefined {
  return docs.find((doc) => doc.path === pathname);
}
