/** Shown under every new-password field: the rule NewPasswordSchema enforces, in words. */
export const PASSWORD_RULE_HINT =
  "At least 6 characters, with a lowercase and an uppercase letter, a digit and one of ! @ # $ % ^ & *";
