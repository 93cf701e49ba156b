/**
 * The words of every page's frame — the top bar, its menu, the footer — in English, as the pages
 * always said them. Keys are the catalogue's (`shell.nav.home`): src/shared/i18n/bn.json says each in
 * Bangla, and src/web/texts/texts.test.ts checks that it does. Components read them through
 * `useTexts(SHELL_TEXT)` (src/web/lib/i18n.tsx).
 */
export const SHELL_TEXT = {
  shell: {
    nav: {
      home: "Home",
      products: "Products",
      blog: "Blog",
      dashboard: "Dashboard",
      aboutUs: "About Us",
      contactUs: "Contact Us",
      main: "Main",
    },
    signOut: "Sign Out",
    signUp: "Sign Up",
    signIn: "Sign In",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    homeLink: "MotoHaat home",
    loadingAccount: "Loading your account",
    toLightTheme: "Switch to light theme",
    toDarkTheme: "Switch to dark theme",
    languageFailed: "The language could not be changed. Check your connection and try again.",
    footer: {
      services: "Services",
      branding: "Branding",
      design: "Design",
      marketing: "Marketing",
      advertisement: "Advertisement",
      company: "Company",
      aboutUs: "About us",
      contact: "Contact",
      jobs: "Jobs",
      pressKit: "Press kit",
      blog: "Blog",
      faq: "FAQ",
      legal: "Legal",
      companyName: "MotoHaat Ltd.",
      trusted: "Trusted since 1992",
    },
  },
};
