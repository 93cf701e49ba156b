/** Every user-facing message, written once for server and browser alike; docs/product.md quotes them. */
export const MSG = {
  signup: {
    nameRequired: "you must provide your name",
    emailRequired: "you must provide email address",
    emailInvalid: "please provide a valid email address",
    roleInvalid: "please choose buyer or seller",
    photoRequired: "you must provide your photo",
    passwordRequired: "you must provide password",
    passwordTooShort: "the password must be at least 6 characters",
    passwordWeak:
      "the password must contain a lowercase letter, an uppercase letter, a digit and a special character",
    passwordCommon: "this password is too common",
    emailTaken: "this email is already registered",
    success: "profile signed up successfully",
  },
  signin: {
    emailRequired: "Email address is required",
    passwordRequired: "this field cannot be empty",
    passwordTooShort: "password must be at least 6 characters",
    wrongCredentials: "wrong email or password",
    tooManyFailures:
      "Too many failed sign-ins for this account. Please wait, or sign in from a device you have used before.",
  },
  auth: {
    signInFirst: "please sign in first",
    notSignedIn: "You need to sign in to do that.",
    forbidden: "You are not allowed to do that.",
    tooManyAttempts: "Too many attempts. Please wait a moment and try again.",
    badOrigin: "This request did not come from the MotoHaat site.",
  },
  mfa: {
    codeRequired: "enter the 6-digit code from your authenticator app",
    codeFormat: "the code is the 6 digits your authenticator app shows",
    wrongCode: "that code is not right (or was already used); wait for the next one and try again",
    wrongRecoveryCode: "that recovery code is not right, or it was already used",
    pendingExpired: "this sign-in took too long; enter your email and password again",
    alreadyEnabled: "two-step sign-in is already on",
    notEnabled: "two-step sign-in is not on",
    noEnrolment: "start setting up two-step sign-in first",
    enrolmentRequired:
      "administrators must turn on two-step sign-in before using admin pages: set it up on your profile",
    adminMustKeep: "administrators must keep two-step sign-in on",
    proofRequired: "enter your password or a current code to turn two-step sign-in off",
    wrongPassword: "that password is not right",
    enabled: "two-step sign-in is on",
    disabled: "two-step sign-in is off",
    lostDevice:
      "Lost your phone and your recovery codes? Contact MotoHaat support: they can turn off two-step sign-in for your account after checking it is you.",
    /** An admin who must keep it on: only the site's operator can reset it, from the server. */
    adminLostDevice:
      "Two-step sign-in is on. Administrators must keep it on; if you lose your phone, use a recovery code, or ask the site's operator to reset it (npm run admin -- reset-mfa).",
    codeAfterReset: "your password has been changed; now enter the code from your authenticator app",
    sessionNotVerified:
      "this session did not enter a two-step sign-in code: sign out and sign in again to use admin pages",
    tooManyCodes: "too many wrong codes: enter your email and password again",
    secretUnreadable:
      "two-step sign-in cannot be checked for this account: ask the site operator to reset it (npm run admin -- reset-mfa)",
    passwordRequired: "enter your password to turn two-step sign-in on",
    noPassword:
      'this account has no password yet: set one with "Forgot password?" on the sign-in page, then turn two-step sign-in on',
  },
  google: {
    continue: "Continue with Google",
    newAccountsAreBuyers: "A new account made with Google is a buyer account.",
    notConfigured: "Google sign-in is not set up on this site.",
    unavailable:
      "Google sign-in is not available right now. Please try again in a few minutes, or sign in with your email and password.",
    failed:
      "Google sign-in did not complete (it may have taken too long or been started in another tab). Please try again.",
    cancelled: "Google sign-in was cancelled.",
    unverified:
      "Your Google email address is not verified, so we cannot sign you in with it. Verify it with Google, or sign up with your email and a password.",
    linkedElsewhere: "This email address is already linked to a different Google account.",
  },
  passwordReset: {
    emailSent: "password reset email sent",
    linkInvalid: "this reset link has expired or was already used; ask for a new one",
    linkMissing: "this page needs the link from your password reset email; ask for a new one",
    confirmRequired: "please type the new password again",
    mismatch: "the two passwords do not match",
    done: "your password has been changed and you are signed in",
    emailSubject: "Reset your MotoHaat password",
    emailAsked: "Someone (we hope you) asked to reset the password of your MotoHaat account.",
    emailOpenWithin: "Open this link within 1 hour to choose a new one:",
    emailNotYou: "If it was not you, ignore this email: your password stays as it is.",
  },
  profile: {
    nothingToChange: "change your name or choose a new photo first",
    saved: "your profile is updated",
  },
  language: {
    unknown: "choose a language MotoHaat speaks: en (English) or bn (Bangla)",
  },
  account: {
    currentPasswordRequired: "please type your current password",
    currentPasswordWrong: "your current password is not right",
    noPassword:
      'your account signs in with Google and has no password yet; to set one, sign out and use "Forgot password?" on the sign-in page',
    passwordChanged: "your password is changed; every other device is signed out",
    sessionNotFound: "That device is no longer signed in.",
    sessionEnded: "that device is signed out",
    othersEnded: "every other device is signed out",
    confirmEndOthers: "Sign out every other device? They will have to sign in again.",
    /** Deleting one's own account (profile page, `DELETE /api/me`). */
    deleteTitle: "Delete your account",
    deleteIntro:
      "Your name, email address, photo and password are removed and every device is signed out. Your bikes leave the market and your unpaid bookings are cancelled, so those bikes are for sale again. Paid orders stay for the other person, under the name “Deleted account”. This cannot be undone.",
    deletePasswordLabel: "Your password",
    deleteWordLabel: "Type DELETE to confirm",
    deleteWordHint:
      "Your account signs in with Google and has no password: type the word DELETE in capitals.",
    deleteButton: "Delete my account",
    deletePasswordRequired: "please type your password to confirm",
    deletePasswordWrong: "your password is not right",
    deleteWordRequired: "please type DELETE in capitals to confirm",
    deleted: "your account is deleted",
    lastAdmin: "You are the last admin: make another admin before deleting this account.",
    demoNotDeletable:
      "The demo accounts are shared by everyone trying MotoHaat and cannot be deleted. Sign up to try deleting an account.",
    /** The name a deleted account's paid orders, reports and listings show. */
    deletedName: "Deleted account",
  },
  /** The legal pages' names and sign-up's agreement sentence (`/terms`, `/privacy`, `/cookies`). */
  legal: {
    terms: "Terms of use",
    privacy: "Privacy policy",
    cookies: "Cookie policy",
    agreeBefore: "By signing up you agree to the ",
    agreeAnd: " and ",
    agreeAfter: ".",
    newTab: " (opens in a new tab)",
  },
  /** The dashboard's first page: each role's next steps, with counts (`GET /api/me/overview`). */
  overview: {
    title: "Your next steps",
    buyerHeld: "Unpaid bookings",
    buyerTimeLeft: (timeLeft: string) => `Time left to pay the first: ${timeLeft}`,
    buyerNothingHeld: "No bike is held for you right now.",
    buyerPay: "Pay in My orders",
    buyerBrowse: "Browse bikes",
    sellerForSale: "Bikes for sale",
    sellerForSaleHint: "On the market now: buyers can book them.",
    sellerHeld: "Held by a booking",
    sellerHeldHint: "Booked, not paid yet: meet the buyer, or release the booking if they do not come.",
    sellerSold: "Sold and paid",
    sellerSoldHint: "Paid for: hand each one over to its buyer with its papers.",
    sellerUnpaid: "Ended unpaid",
    sellerUnpaidHint:
      "Bookings that expired or were cancelled or released in the last 7 days: those bikes are for sale again.",
    sellerAdd: "Add a product",
    sellerProducts: "My products",
    sellerBuyers: "My buyers",
    adminReports: "Reported listings",
    adminReportsHint: "Listings people have reported, waiting for your decision.",
    adminUnverified: "Sellers to verify",
    adminUnverifiedHint: "Sellers without the verified tick yet.",
    adminReview: "Review reports",
    adminVerify: "Verify sellers",
  },
  generic: {
    somethingWrong: "something went wrong, please try again",
    notFound: "Sorry we couldn't find this page.",
    chunkFailed: "Loading chunk failed",
    nulCharacter: "remove the invisible NUL character (\\0) from this text",
  },
  live: {
    eventStreamOnly: "This address is an event stream: ask for it with Accept: text/event-stream.",
    nodeDraining: "This server is restarting: connect again and another one will answer.",
  },
  network: {
    unreachable: "We can't reach MotoHaat right now. Check your connection and try again.",
    banner: "MotoHaat can't be reached right now. Check your connection; we keep trying.",
  },
  listing: {
    modelRequired: "you must provide the bike model",
    engineRequired: "you must provide engine CC",
    categoryInvalid: "Please select a category",
    brandRequired: "you must provide brand name",
    brandNewPriceRequired: "you must provide brand new price",
    askingPriceRequired: "you must provide asking price",
    totalUsedRequired: "you must provide how long you have used this bike",
    photoRequired: "you must provide your bike photo",
    posted: "your product is posted successfully",
    /** The link in the toast after Add Product, to the new bike's page. */
    viewPosted: "See your listing",
    advertised: "this post is advertised",
    unadvertised: "this post is no longer advertised",
    deleted: "deleted successfully",
    confirmDelete: "are you sure you want to delete this product?",
    notFound: "This bike is not on MotoHaat (it may have been removed).",
    notOwner: "You can only change your own listings.",
    soldCannotAdvertise: "This bike is sold: a sold listing cannot be advertised.",
    soldCannotDelete: "This bike is sold: a sold listing cannot be deleted.",
    unknownCategory: "There is no such category.",
    badCursor: "That page link is no longer valid; start from the first page.",
    minAboveMax: (what: string) => `the lowest ${what} is above the highest`,
    empty: (category: string) => `There are no products in ${category}`,
    noneYet: "You have no products yet",
    stockOut: "Stock Out",
    available: "Available",
    yearRequired: "you must provide the year",
    yearRange: (min: number, max: number) => `the year must be between ${min} and ${max}`,
    kmRunRequired: "you must provide the kilometres run",
    districtRequired: "you must provide the district",
    hasRegistrationRequired:
      "say whether the registration papers (blue book or smart card) are with the bike",
    monthInvalid: "give the month and year, as 2027-06",
    yesNoInvalid: "answer yes or no",
    tooManyPhotos: (max: number) => `at most ${max} photos`,
    photoUnknown: "one of the photos is no longer on MotoHaat: upload it again",
    photoRepeated: "each photo can be in the listing only once",
    updated: "your product is updated successfully",
    soldCannotEdit: "a sold bike can't be edited",
    nothingToUpdate: "change at least one field",
    sellerNotFound: "This seller is not on MotoHaat.",
    negotiable: "Negotiable",
    fixedPrice: "Fixed price",
    noMatches: "No bikes match these filters",
    clearFilters: "Clear filters",
    removeOneFilter: "Remove one filter",
    removeFilter: (filter: string) => `Remove ${filter}`,
    nearbyHeading: "Nearest matches",
    nearbyLoading: "Looking for near matches",
    nearbyFailed: "We couldn't look for near matches.",
    linkCopied: "link copied",
    priceBelow: (diff: string, typical: string, n: number) =>
      `${diff} below the typical asking price of ${typical} (${n} similar bikes)`,
    priceAbout: (typical: string, n: number) => `about the typical price of ${typical} (${n} similar bikes)`,
    priceAbove: (diff: string, typical: string, n: number) =>
      `${diff} above the typical asking price of ${typical} (${n} similar bikes)`,
    signInToBook: "sign in as a buyer to book this bike",
    filterWholeNumber: "give a whole number",
    filterDistrict: "choose one of Bangladesh's 64 districts",
    filterFlag: 'give "true" or "false"',
    filterSold: 'give "include" or "exclude"',
    filterSort: (sorts: string) => `sort by one of ${sorts}`,
    badFilters: "These filters can't be used.",
  },
  order: {
    phoneRequired: "you must provide your phone number",
    phoneInvalid:
      "please provide a Bangladeshi mobile number: 01XXXXXXXXX, +8801XXXXXXXXX or 8801XXXXXXXXX (11 digits starting 013 to 019)",
    locationRequired: "you must provide meeting location",
    justSold: "this bike has just been sold",
    priceChanged: "the price of this bike has just changed: check it and book again",
    /** The toast after booking: booked, not bought, and what comes next. */
    booked: (model: string) =>
      `Booked: ${model} is held for you — not bought yet. Meet the seller, check the bike and its papers, then pay by card here or in cash at the meeting.`,
    notFound: "This order does not exist.",
    notYours: "This order belongs to another buyer.",
    ownBike: "You cannot book your own bike.",
    noBuyersYet: "Your bikes have not sold yet...",
    tooManyHolds:
      "You already have 3 unpaid bookings. Pay for one or cancel one before booking another bike.",
    /** Cancel or release asked of a booking that is no longer held, by what it became. */
    notHeld: {
      paid: "This booking is already paid.",
      expired: "This booking has expired: it was not paid in time and the bike went back on sale.",
      cancelled: "This booking was cancelled.",
      released: "The seller has released this booking.",
    },
    notYourBike: "This booking is for another seller's bike.",
    releasedToSeller: (model: string) => `The booking of ${model} is released: the bike is for sale again`,
    confirmRelease: (model: string, buyer: string) =>
      `Release ${buyer}'s unpaid booking of ${model}? The bike goes back on sale and someone else may book it.`,
  },
  /** The buyer's own booking as they see it: the bike's page, My orders, the payment page. */
  booking: {
    heldByYou: (timeLeft: string) => `Booked by you — pay within ${timeLeft}`,
    heldBadge: "Booked by you",
    paidBadge: "Bought by you",
    heldHint:
      "The bike is held for you until then. Meet the seller and check the bike and its papers, then pay: by card here (MotoHaat keeps the money until you confirm the handover) or in cash at the meeting. Cancel if you change your mind, so others can buy it.",
    formIntro:
      "Booking holds the bike for you; nothing is paid yet. The seller calls you on this number to arrange the meeting, where you check the bike and its papers before paying.",
    hours: (n: number) => (n === 1 ? "1 hour" : `${n} hours`),
    minutes: (n: number) => (n === 1 ? "1 minute" : `${n} minutes`),
    timeUp: "Booked by you — the time to pay has run out, so the bike goes back on sale.",
    paidByYou:
      "Bought by you — paid. Collect the bike and its papers from the seller; a card payment reaches them once you confirm the handover in My orders.",
    confirmCancelTitle: (model: string) => `Cancel your booking of ${model}?`,
    confirmCancel: "Nothing has been paid. The bike goes back on sale and someone else may book it.",
    cancelled: (model: string) => `Your booking of ${model} is cancelled`,
    paid: "Paid — the bike is yours. Meet the seller to collect it.",
    expired: "Expired — it was not paid in time, so the bike went back on sale.",
    cancelledState: "Cancelled — you cancelled this booking, so the bike went back on sale.",
    released: "Released — the seller ended this unpaid booking, so the bike went back on sale.",
    nothingToPay: "This booking has ended, so there is nothing to pay.",
    phoneFromLastBooking: "The number from your last booking: change it if you have a new one.",
  },
  report: {
    reasonRequired: "please tell us why you are reporting this bike",
    reasonTooLong: "the reason must be at most 500 characters",
    reported: "successfully reported to admin",
    alreadyReported: "You have already reported this bike.",
    nothingToDismiss: "This bike has no open reports.",
  },
  admin: {
    verified: "this seller is verified",
    sellerNotFound: "There is no seller with that id.",
    listingRemoved: "The listing was removed.",
    confirmVerifyTitle: (name: string) => `Verify ${name}?`,
    confirmVerify:
      "Buyers will see a green tick beside this seller's name on every bike and on their page. Verify only a seller whose identity you have checked.",
    unverified: "the verification was removed",
    confirmUnverifyTitle: (name: string) => `Remove ${name}'s verification?`,
    confirmUnverify: "The green tick leaves this seller's bikes and page until they are verified again.",
    verify: "Verify",
    undo: "Undo",
    undoVerify: (name: string) => `Undo verifying ${name}`,
    removeVerification: "Remove verification",
    noBuyersYet: "Buyers show up here once they sign up.",
    sellerLabel: "Seller:",
  },
  /** The seller's side of a booking: My buyers and the My products cards. */
  sellerBooking: {
    held: (until: string) => `Held until ${until}`,
    paid: "Paid — sold to this buyer",
    expired: "Expired — not paid in time",
    cancelled: "Cancelled by the buyer",
    released: "Released by you",
    heldBadge: "Held",
    heldFor: (buyer: string, until: string) => `Held for ${buyer} until ${until}`,
    soldTo: (buyer: string) => `Sold to ${buyer}`,
    contactEnded: "Contact details are shown only while a booking is held or paid.",
    release: "Release",
    releaseLabel: (buyer: string, model: string) => `Release ${buyer}'s booking of ${model}`,
    confirmReleaseTitle: (model: string) => `Release the booking of ${model}?`,
    emptyHint:
      "When a buyer books one of your bikes, it shows up here: the bike, the buyer, where to meet and whether it is paid.",
  },
  payment: {
    alreadyPaid: "This order is already paid.",
    inProgress: "This payment is already being processed.",
    unknownIntent: "This payment could not be found; reload the page and try again.",
    providerUnavailable:
      "The card payment service cannot be reached right now. Nothing was charged; please try again in a minute.",
    cardRequired: "Enter your card details.",
    amountMismatch: "The payment amount does not match the order.",
    notSucceeded: "The payment has not gone through yet.",
    badSignature: "The webhook signature is not valid.",
    // Card problems in the providers' own words (Stripe's), so both providers read the same.
    declined: "Your card was declined.",
    insufficientFunds: "Your card has insufficient funds.",
    numberIncomplete: "Your card number is incomplete.",
    numberInvalid: "Your card number is invalid.",
    expiryIncomplete: "Your card's expiration date is incomplete.",
    expiryMonthInvalid: "Your card's expiration month is invalid.",
    expiryPast: "Your card's expiration date is in the past.",
    cvcIncomplete: "Your card's security code is incomplete.",
    cvcLength: (digits: number) => `Your card's security code must be ${digits} digits.`,
    unconfirmed:
      "We could not confirm your payment: your card may or may not have been charged. Check My orders before paying again; we will check for you as soon as the connection is back.",
    notCharged: "We checked: this order is not paid and your card was not charged. You can pay again.",
    /** The card form's button, naming what will be charged: `Pay ৳1,85,000`. */
    payAmount: (amount: string) => `Pay ${amount}`,
    /** Paying (intent or confirm) a booking that is no longer held: refused before any charge. */
    notHeld: {
      expired:
        "This booking expired before it was paid, so nothing was charged. Book the bike again if it is still for sale.",
      cancelled: "This booking was cancelled, so nothing was charged.",
      released: "The seller released this booking, so nothing was charged.",
    },
    /** Money that reached the provider after the hold ended and the bike went to someone else (refunded). */
    lateRefunded:
      "Your payment arrived after this booking had ended and the bike had gone to another buyer, so it is being refunded in full.",
  },
  /** A seller's average rating as cards and pages show it (the rest of ratings: TALK_MSG.review). */
  rating: {
    starLabel: (n: number) => (n === 1 ? "1 star" : `${n} stars`),
    average: (average: string, count: number) =>
      `${average} out of 5, ${count} ${count === 1 ? "rating" : "ratings"}`,
    noRatings: "No ratings yet",
  },
  image: {
    tooLarge: "The image is too large: the limit is 10 MB.",
    notImage: "That file is not an image we can read. Please upload a JPEG, PNG, WebP, AVIF or HEIC photo.",
    tooManyPixels:
      "The image has too many pixels: the limit is 32 megapixels for JPEG and PNG, 8 for WebP, GIF and TIFF, and 2 for AVIF and HEIC.",
    tooManyUploads: "Too many uploads from your account. Please wait a while and try again.",
    busy: "Many photos are being processed right now. Please try again in a few seconds.",
  },
} as const;
