/**
 * The words of the deals — My orders (Book now and a held booking are ./book.ts's), the seller's My
 * buyers, a card-paid handover and the cash and handover disputes, the payment page (its
 * card form), Earnings, where a seller is paid and the admins' Payouts — in English, as the pages
 * always said them. Keys are the catalogue's (`dealPages.myOrders.heading`): src/shared/i18n/bn.json
 * says each in Bangla. The product's own messages (MSG's booking, order, payment, sellerBooking;
 * TALK_MSG's cash; MONEY_MSG) stay where they are. Components read these through
 * `useTexts(DEAL_PAGES_TEXT)` (src/web/lib/i18n.tsx).
 */

export const DEAL_PAGES_TEXT = {
  dealPages: {
    /** The buyer's `/dashboard/myorders`. */
    myOrders: {
      title: "My orders — MotoHaat",
      heading: "My orders",
      loading: "Loading your orders",
      emptyTitle: "You have no orders yet",
      emptyHint: "Book a bike and it shows up here, ready to pay.",
      browseBikes: "Browse bikes",
    },
    /** One order on My orders. */
    orderCard: {
      /** The word on the photo's corner for each state. */
      badge: {
        held: "Booked",
        paid: "Paid",
        expired: "Expired",
        cancelled: "Cancelled",
        released: "Released",
      },
      engine: "Engine (CC)",
      category: "Category",
      brandNewPrice: "Brand new price",
      askingPrice: "Asking price",
      postDate: "Post date",
      bookedOn: "Booked on",
      meetingLocation: "Meeting location",
      seller: "Seller",
      /** Before the day the order ended. */
      endedOn: "Ended on",
      seeBike: "See the bike",
    },
    /** The seller's `/dashboard/mybuyers` and a booking's card there. */
    myBuyers: {
      title: "My buyers — MotoHaat",
      heading: "My buyers",
      loading: "Loading your buyers",
      listLabel: "Bookings of your bikes",
      buyer: "Buyer",
      meetingPlace: "Meeting place",
      booked: "Booked",
      paid: "Paid",
      ended: "Ended",
    },
    /** The buyer's "No, I didn't" to a cash mark. */
    cashAnswer: {
      cancel: "Cancel",
    },
    /** The admins' `/dashboard/cashdisputes`. */
    cashDisputes: {
      title: "Cash disputes — MotoHaat",
      loading: "Loading cash disputes",
      price: "Price",
      buyer: "Buyer",
      seller: "Seller",
      markedPaid: "Marked paid in cash",
      disputed: "Disputed",
      buyersReason: "Buyer's reason",
      noneGiven: "None given",
      heldUntil: "Held until",
    },
    /** The admins' `/dashboard/disputes`, and the buyer's form that opens one. */
    handoverDisputes: {
      title: "Handover disputes — MotoHaat",
      loading: "Loading handover disputes",
      paid: "Paid",
      paidOn: "Paid on",
      buyer: "Buyer",
      seller: "Seller",
      /** Who wrote a message, in the transcript. */
      buyerName: (name: string) => `${name} (buyer)`,
      sellerName: (name: string) => `${name} (seller)`,
      cancel: "Cancel",
    },
    /** `/dashboard/payment/:orderId`. */
    payment: {
      title: "Payment — MotoHaat",
      heading: "Payment",
      loading: "Loading your order",
      backToOrders: "Back to My orders",
      notFound: "We couldn't find this order",
      notYours: "This order is not yours to pay",
      yourOrder: "Your order",
      /** Before the amount in the order's summary, by its state. */
      toPay: "To pay",
      paid: "Paid",
      price: "Price",
      paymentSuccessful: "Payment successful.",
      orderPaid: "This order is paid.",
      paidOn: (date: string) => `Paid on ${date}.`,
      paymentId: "Payment id:",
      paidButton: "Paid",
      seeBike: "See the bike",
      checkAgain: "Check again",
      myOrders: "My orders",
      preparing: "Preparing your payment",
      loadingCardForm: "Loading the card form",
      payByCard: "Pay by card",
      /** The test provider's note, around its two test card numbers. */
      testModeBefore: "Test mode: no real money moves. Pay with ",
      testModeMiddle: ", any future expiry and any 3 digits; ",
      testModeAfter: " is declined.",
    },
    /** Either card form (the test provider's, Stripe's) and its footer. */
    cardForm: {
      label: "Card details",
      number: "Card number",
      expiry: "Expiry (MM/YY)",
      expiryPlaceholder: "MM/YY",
      cvc: "CVC",
      card: "Card",
      processing: "Processing your payment",
    },
    /** The seller's `/dashboard/earnings`. */
    earnings: {
      title: "Earnings — MotoHaat",
      heading: "Earnings",
      balance: "Balance",
      loading: "Loading your earnings",
      statement: "Statement",
      movements: "Movements of your money",
    },
    /** Where a seller is paid (the profile page), and where the admins send it. */
    payout: {
      loading: "Loading your payout details",
      methods: {
        bkash: "bKash",
        nagad: "Nagad",
        bank: "Bank account",
      },
      /** A bank account in full, before its number: name, bank, branch. */
      bankAccount: (name: string, bank: string, branch: string) =>
        `Bank account: ${name}, ${bank}, ${branch},`,
    },
    /** The admins' `/dashboard/payouts`. */
    payouts: {
      title: "Payouts — MotoHaat",
      loadingOwed: "Loading what sellers are owed",
      loadingLog: "Loading the money log",
      cancel: "Cancel",
    },
  },
};
