/** The one Google account the e2e test provider knows (started in global-setup.ts): a verified address. */
export const GOOGLE_ACCOUNT = {
  email: "tahmina.akter@e2e-google.motohaat.test",
  name: "Tahmina Akter",
} as const;
