import { ACCOUNT_PAGES_TEXT } from "./account.ts";
import { BOOK_TEXT } from "./book.ts";
import { BROWSE_PAGES_TEXT } from "./browse.ts";
import { CONTENT_PAGES_TEXT } from "./content.ts";
import { DASHBOARD_PAGES_TEXT } from "./dashboard.ts";
import { DASHBOARD_SCREENS_TEXT } from "./dashboard-screens.ts";
import { DEAL_PAGES_TEXT } from "./deals.ts";
import { HOME_PAGE_TEXT } from "./home.ts";
import { LISTING_FORMS_TEXT } from "./listing-forms.ts";
import { LISTING_PAGES_TEXT } from "./listings.ts";
import { PLACES_TEXT } from "./places.ts";
import { REPORT_TEXT } from "./reports.ts";
import { SHELL_TEXT } from "./shell.ts";
import { TALK_PAGES_TEXT } from "./talk.ts";

/**
 * Every page text of the web app, for the catalogue's check (src/web/texts/texts.test.ts). Components
 * import their own module, never this one: each page's code carries only its own words.
 */
export const PAGE_TEXTS = {
  ...SHELL_TEXT,
  ...BROWSE_PAGES_TEXT,
  ...HOME_PAGE_TEXT,
  ...LISTING_PAGES_TEXT,
  ...LISTING_FORMS_TEXT,
  ...ACCOUNT_PAGES_TEXT,
  ...PLACES_TEXT,
  ...CONTENT_PAGES_TEXT,
  ...TALK_PAGES_TEXT,
  ...DASHBOARD_PAGES_TEXT,
  ...DASHBOARD_SCREENS_TEXT,
  ...REPORT_TEXT,
  ...DEAL_PAGES_TEXT,
  ...BOOK_TEXT,
};
