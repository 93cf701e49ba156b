/**
 * The words of the account pages — sign in (and its two-step code), sign up, forgot and reset
 * password, Continue with Google, the demo accounts, the signed-in notice and the profile page with
 * its sections — in English, as the pages always said them. Keys are the catalogue's
 * (`accountPages.signin.heading`): src/shared/i18n/bn.json says each in Bangla. Texts the server
 * shares (MSG: toasts, the delete section, two-step notices) stay in #shared/messages.ts. Components
 * read them through `useTexts(ACCOUNT_PAGES_TEXT)` (src/web/lib/i18n.tsx).
 */
export const ACCOUNT_PAGES_TEXT = {
  accountPages: {
    /** A role as the signed-in notice and the profile card name it (the profile capitalises it). */
    roles: {
      buyer: "buyer",
      seller: "seller",
      admin: "admin",
    },
    fields: {
      newPasswordHint:
        "At least 6 characters, with a lowercase and an uppercase letter, a digit and one of ! @ # $ % ^ & *",
    },
    signin: {
      title: "Sign in — MotoHaat",
      heading: "Sign in",
      intro: "Welcome back to MotoHaat.",
      email: "Email",
      password: "Password",
      submit: "Sign In",
      /** Followed by a space and `createAccount`, a link. */
      newHere: "New to MotoHaat?",
      createAccount: "Create an account",
    },
    /** Sign-in's second step: the code from the authenticator app, or a recovery code. */
    codeStep: {
      heading: "Two-step sign-in",
      appIntro: "Open your authenticator app and enter the 6-digit code it shows for MotoHaat.",
      recoveryIntro:
        "Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.",
      codeLabel: "Authentication code",
      recoveryLabel: "Recovery code",
      verify: "Verify",
      useApp: "Use the code from my app",
      useRecovery: "Use a recovery code",
      startAgain: "Start again",
    },
    signup: {
      title: "Sign up — MotoHaat",
      heading: "Create your account",
      intro: "Buy or sell a used motorbike in minutes.",
      name: "Name",
      email: "Email",
      role: "Role",
      buyer: "Buyer",
      seller: "Seller",
      photo: "Photo",
      password: "Password",
      submit: "Sign Up",
      /** Followed by a space and `haveAccount`, a link. */
      alreadyHere: "Already on MotoHaat?",
      haveAccount: "I already have an account",
    },
    /** "Forgot password?" on sign-in and its dialog. */
    forgot: {
      open: "Forgot password?",
      title: "Reset your password",
      intro: "Enter the email address of your account and we will send you a link to set a new password.",
      email: "Email address",
      cancel: "Cancel",
      send: "Send reset link",
      /** Around the address the link was sent to (in bold). */
      sentBefore: "If an account uses ",
      sentAfter:
        ", a link to set a new password is on its way. It works once, for one hour. No mail? Check the spam folder.",
      back: "Back to sign in",
    },
    reset: {
      title: "Set a new password — MotoHaat",
      heading: "Set a new password",
      intro: "Choose a new password for your account. You will be signed in, and signed out everywhere else.",
      newPassword: "New password",
      confirm: "Confirm new password",
      submit: "Set new password",
      askAgain: "Ask for a new reset link",
    },
    google: {
      /** The divider above "Continue with Google". */
      or: "or",
    },
    /** The demo credentials beside sign-in, shown while the server runs with demo data. */
    demo: {
      heading: "Try a demo account",
      intro: "Copy the details or fill the form with one click.",
      roles: {
        buyer: "Buyer",
        seller: "Seller",
        admin: "Admin",
      },
      use: "Use",
      /** `role`: the account's role as the API names it (buyer, seller, admin). */
      accountButton: (role: string) => `Use the ${role} demo account`,
      email: "Email",
      password: "Password",
      /** `role` as in `accountButton`: what the copy button copies. */
      copyEmail: (role: string) => `${role} email`,
      copyPassword: (role: string) => `${role} password`,
      /** `what`: `copyEmail` or `copyPassword`. */
      copy: (what: string) => `Copy ${what}`,
      copied: (what: string) => `${what} copied`,
      copyFailed: (what: string) => `${what}: copy failed, select the text instead`,
      copyFailedTitle: "Copy failed: select the text instead",
    },
    /** On sign-in and sign-up for someone already signed in; their name (in bold) in between. */
    signedIn: {
      before: "You are signed in as ",
      /** `role`: one of `roles`. */
      after: (role: string) =>
        ` (${role}). Sign in with another account to open pages meant for a different role.`,
    },
    profile: {
      title: "Profile — MotoHaat",
      heading: "Profile",
      loading: "Loading your profile",
      name: "Name",
      newPhoto: "New photo",
      newPhotoHint: "Optional: leave it empty to keep your current photo.",
      email: "Email",
      emailHint: "Your email address is your sign-in name and cannot be changed here.",
      save: "Save changes",
    },
    /** Profile's password section. */
    password: {
      changeHeading: "Change password",
      /** The heading for an account that signs in with Google only. */
      heading: "Password",
      current: "Current password",
      newPassword: "New password",
      othersSignedOut: "Every other device you are signed in on will be signed out.",
      submit: "Change password",
      /** A Google-only account: before and after a link to sign-in's "Forgot password?" (spaces between). */
      noPasswordBefore: "You sign in with Google, so your account has no password yet. To set one, use",
      noPasswordLink: "Forgot password?",
      noPasswordAfter: "on the sign-in page: we email you a link to choose it.",
    },
    /** Profile's two-step sign-in section: set up, recovery codes, turn off. */
    twoStep: {
      heading: "Two-step sign-in",
      offIntro:
        "Two-step sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone is not enough.",
      setUp: "Set up two-step sign-in",
      connectHeading: "Connect your authenticator app",
      stepAdd: "Open your authenticator app and add an account.",
      stepScan: "Scan this QR code, or type the key below.",
      stepCode: "Enter the 6-digit code the app shows.",
      qrAlt: "QR code to scan with your authenticator app",
      key: "Key for typing in",
      codeLabel: "Code from the app",
      passwordLabel: "Your password",
      turnOn: "Turn on",
      savedHeading: "Two-step sign-in is on. Save these recovery codes now.",
      savedIntro:
        "Each code signs you in once if you lose your phone. They are shown only this once: print them or keep them in your password manager.",
      codesLabel: "Recovery codes",
      codesCopied: "recovery codes copied",
      copyCodes: "Copy codes",
      saved: "I have saved them",
      onIntro: "Two-step sign-in is on: signing in asks for a code from your authenticator app.",
      proofLabel: "Password (or a current code) to turn it off",
      turnOff: "Turn off two-step sign-in",
    },
    /** Profile's signed-in devices. */
    devices: {
      heading: "Signed-in devices",
      signOutOthers: "Sign out all other devices",
      places: "Places are approximate: the network you signed in from, with its last part hidden.",
      loading: "Loading your devices",
      none: "No devices are signed in.",
      nowhereElse: "You are not signed in anywhere else.",
      confirmTitle: "Sign out all other devices?",
      confirmButton: "Sign out others",
      /** A device's name: its browser and its system. */
      name: (browser: string, os: string) => `${browser} on ${os}`,
      unknown: "Unknown browser",
      thisDevice: "This device",
      /** Two moments (already written in the page's language). */
      times: (signedIn: string, lastSeen: string) => `signed in ${signedIn} · last seen ${lastSeen}`,
      signOutDevice: (name: string) => `Sign out ${name}`,
      signOut: "Sign out",
    },
  },
};
