/**
 * The words of the money's path after the payment (issue 23): the handover, a seller's earnings and
 * where they are paid, a buyer's dispute of a handover and an admin's decision, the admins' payouts
 * and their log. Apart from MSG for the same reason as TALK_MSG
 * (the market's first load does not carry them); the same rules: written once for server and
 * browser, quoted by docs/product.md, a problem's detail named by its key (`dispute.tooLate`).
 */
export const MONEY_MSG = {
  /**
   * Card money held by MotoHaat until the handover (decision 028): what each side reads of it, and the
   * buyer's confirmation. `date` is a day such as "04-Dec-2026".
   */
  handover: {
    buyerHeld: (date: string) =>
      `Paid — MotoHaat holds your money until the handover. Meet the seller, check the bike and its papers, then confirm you have them. Unless you confirm or report a problem first, the money goes to the seller on ${date}.`,
    buyerReleased: "Handed over — the bike is yours and the money has gone to the seller.",
    sellerHeld: (date: string) =>
      `Paid — MotoHaat holds the money until the buyer confirms the handover, or until ${date}. Then it is yours.`,
    sellerReleased: "Handed over — the money is in your earnings.",
    paymentNote:
      "MotoHaat keeps your payment until you confirm you have the bike and its papers, then pays the seller. Something wrong at the meeting? Report it from My orders and an admin decides. Paying in cash at the meeting instead? Pay nothing here.",
    confirm: "I have the bike and its papers",
    confirmTitle: (model: string) => `Confirm you have ${model} and its papers?`,
    confirmBody:
      "The money goes to the seller now and cannot be taken back through MotoHaat. Confirm only once the bike and its papers are in your hands.",
    confirmed: "Handover confirmed: the money goes to the seller.",
    notPaid: "Only a paid order can be handed over.",
    cash: "This order was paid in cash at the meeting: MotoHaat holds no money to release.",
  },
  /** A seller's earnings page (decision 028): their balance and every movement of their money. */
  earnings: {
    held: "Held until handover",
    available: "Yours, not paid out yet",
    paidOut: "Paid out",
    fees: "MotoHaat's fees",
    kind: {
      received: "Paid by the buyer — held until the handover",
      refunded: "Given back to the buyer",
      released: "Released to you",
      fee: "MotoHaat's fee",
      paid_out: "Paid out to you",
    },
    emptyTitle: "No earnings yet",
    emptyHint:
      "When a buyer pays for one of your bikes by card, the money shows up here: held by MotoHaat until the handover, then yours.",
  },
  /** Where a seller is paid (the profile page): a bKash or Nagad wallet, or a bank account. */
  payout: {
    title: "Where to be paid",
    intro: "MotoHaat pays what it owes you to this account. Only you and MotoHaat's admins see its number.",
    notSet: "Not set yet: money MotoHaat owes you waits until you say where to pay it.",
    add: "Say where to be paid",
    method: "Paid to",
    wallet: (method: string) => `${method} number`,
    accountName: "Name on the account",
    bankName: "Bank",
    branch: "Branch",
    accountNumber: "Account number",
    save: "Save payout details",
    saved: "Payout details saved.",
    methodRequired: "choose bKash, Nagad or a bank account",
    walletInvalid: "enter the wallet's Bangladeshi mobile number, such as 01712-345678",
    accountNameRequired: "enter the name on the account",
    bankNameRequired: "enter the bank's name",
    branchRequired: "enter the branch",
    accountNumberInvalid: "enter the account number: 6 to 20 digits",
    tooLong: "at most 100 characters",
  },
  /** A buyer's "something is wrong" on a card-paid order whose money MotoHaat holds. */
  dispute: {
    report: "Report a problem",
    formTitle: (model: string) => `Report a problem with ${model}`,
    formIntro:
      "MotoHaat keeps holding the money while an admin looks into it. The admin refunds you or releases the money to the seller, and tells you both why.",
    reasonLabel: "What went wrong",
    reasons: {
      not_handed_over: "The handover did not happen",
      not_as_described: "The bike is not as described",
    },
    descriptionLabel: "What happened",
    descriptionHint: "The admin and the seller read this. Say what happened and what the seller said.",
    submit: "Report the problem",
    submitted: "Problem reported: the money stays held until an admin decides.",
    reasonRequired: "choose what went wrong",
    descriptionTooShort: "say what happened, in at least 20 characters",
    descriptionTooLong: "at most 2,000 characters",
    buyerOpen: (date: string) =>
      `You reported a problem on ${date}. MotoHaat holds the money while an admin looks into it: they will refund you or release it to the seller, and tell you both why.`,
    sellerOpen: (reason: string) =>
      `The buyer reported a problem: ${reason}. MotoHaat holds the money until an admin decides; the admin may write to you.`,
    buyerRefunded: (amount: string) =>
      `Refunded — ${amount} goes back to your card. Your bank may take a few working days to show it.`,
    sellerRefunded: (amount: string) => `Refunded — an admin gave the buyer's ${amount} back.`,
    buyerRefunding: (amount: string) =>
      `Being refunded — an admin decided to give your ${amount} back; the card provider has not returned it yet. We will tell you when it is done.`,
    sellerRefunding: (amount: string) =>
      `Being refunded — an admin decided to give the buyer's ${amount} back.`,
    buyerReleased: "Released — an admin sent the money to the seller.",
    sellerReleased: "Released — an admin sent the money to your earnings.",
    adminNote: (note: string) => `Admin's note: ${note}`,
    // Problems.
    notHeld: "MotoHaat no longer holds the money for this order: there is nothing left to dispute.",
    tooLate: "The time to report a problem has passed: the money goes to the seller.",
    alreadyReported: "You have already reported a problem with this order: an admin is looking into it.",
    handoverDisputed: "You reported a problem with this order: an admin decides where the money goes.",
    notOpen: "This dispute has been decided already.",
    notFound: "There is no dispute about this order.",
    noteTooShort: "write a note both people will read, in at least 10 characters",
    noteTooLong: "at most 1,000 characters",
    // Notifications.
    notifyOpenedTitle: (model: string) => `A problem reported with ${model}`,
    notifyOpenedBody: (buyer: string, reason: string) =>
      `${buyer} says: ${reason}. MotoHaat holds the money until an admin decides.`,
    notifyRefundedTitle: (model: string) => `${model}: the money was refunded to the buyer`,
    notifyReleasedTitle: (model: string) => `${model}: the money was released to the seller`,
    // The admins' page.
    pageTitle: "Handover disputes",
    emptyTitle: "No open disputes",
    emptyHint:
      "When a buyer reports a problem with a card-paid handover, it shows up here with both people and their messages.",
    openedOn: (date: string) => `Reported on ${date}`,
    dueWas: (date: string) => `Would have gone to the seller on ${date}`,
    messagesTitle: "Their messages about the bike",
    noMessages: "They have not written to each other on MotoHaat.",
    decideTitle: (model: string) => `Decide the dispute about ${model}`,
    refund: (amount: string) => `Refund ${amount} to the buyer`,
    release: (amount: string) => `Release ${amount} to the seller`,
    noteLabel: "Note to both people",
    noteHint: "The buyer and the seller both read this: say what you found and why.",
    refundPending:
      "Refund decided but not made yet: the payment provider could not be reached. The money is still held; try the refund again.",
    retryRefund: (amount: string) => `Try the refund of ${amount} again`,
    decided: {
      refund: "Refunded to the buyer; both have been told.",
      release: "Released to the seller; both have been told.",
    },
  },
  /** The admins' payouts: what each seller is owed, and the transfers made. */
  payouts: {
    pageTitle: "Payouts",
    owedTitle: "Owed to sellers",
    totalOwed: (amount: string, sellers: number) =>
      `${amount} owed to ${sellers} ${sellers === 1 ? "seller" : "sellers"}`,
    emptyTitle: "Nobody is owed anything",
    emptyHint:
      "When money is released to a seller, what MotoHaat owes them shows up here until you record its payout.",
    noDetails: "No payout details yet: the seller was asked for them. Pay out once they add them.",
    record: "Record a payout",
    recordTitle: (name: string) => `Record a payout to ${name}`,
    recordIntro: (owed: string) =>
      `Send the money first, then record it here with the transfer's reference. ${owed} is owed.`,
    amountLabel: "Amount sent (৳)",
    referenceLabel: "Transfer reference",
    referenceHint: "The bKash or Nagad transaction id, or the bank's reference.",
    noteLabel: "Note (optional)",
    recorded: (amount: string, name: string) => `Payout of ${amount} to ${name} recorded.`,
    downloadCsv: "Download the owed list (CSV)",
    amountInvalid: "enter the amount sent, in whole taka",
    referenceRequired: "enter the transfer's reference",
    referenceTooLong: "at most 100 characters",
    noteTooLong: "at most 1,000 characters",
    moreThanOwed: "That is more than MotoHaat owes this seller: record the amount actually owed, or less.",
    noPayoutDetails: "This seller has not said where to be paid: they need to add payout details first.",
    notASeller: "This account is not a seller's.",
    notifyTitle: (amount: string) => `${amount} paid out to you`,
    notifyBody: (to: string, reference: string) => `Sent to ${to}, reference ${reference}.`,
    askTitle: "Say where MotoHaat should pay you",
    askBody: (amount: string) =>
      `A buyer paid ${amount} for your bike. MotoHaat holds it until the handover, then owes it to you: add your bKash, Nagad or bank account on your profile so that it does not wait.`,
    /** A seller deleting their account while MotoHaat holds or owes them money. */
    deleteWhileOwed:
      "MotoHaat still holds or owes you money. Your account can be deleted once it has all been paid out to you: it is on your Earnings page.",
    /** A payout's note when the admin wrote none: the log still says why. */
    defaultNote: "Payout of what was owed",
  },
  /** Every admin action on money, for the admins to read. */
  moneyLog: {
    title: "Money log",
    intro: "Every admin action on money: who, when, what and why. Nothing here can be changed.",
    action: { payout: "Payout", refund: "Refund", release: "Release" },
    empty: "No admin has acted on money yet.",
    by: (name: string) => `by ${name}`,
    reference: (reference: string) => `Reference ${reference}`,
  },
} as const;
