import type { Block } from "./blocks.ts";

export type FaqItem = { id: string; question: string; answer: readonly Block[] };
export type FaqGroup = { id: string; title: string; items: readonly FaqItem[] };

/** The English edition (src/web/features/content/editions.ts picks the page's). */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "buying-and-selling",
    title: "Buying and selling",
    items: [
      {
        id: "how-booking-works",
        question: "How does booking a bike work?",
        answer: [
          {
            type: "p",
            text: "Open a bike's page and choose Book now. Your name and email are filled in for you; add your phone number and where you would like to meet, then confirm. Booking holds the bike for you, it does not buy it: nobody else can book it while your booking runs (your booking says until when), and it appears under My orders in your dashboard.",
          },
          {
            type: "ol",
            items: [
              "Book: the bike is held for you; nothing is paid.",
              "Meet the seller and inspect the bike and its papers.",
              "Pay: by card on MotoHaat, or in cash at the meeting (the seller marks it and you confirm).",
              "Hand over: with a card payment, press I have the bike and its papers in My orders. MotoHaat then pays the seller, less its fee, to the bKash, Nagad or bank account on their profile.",
            ],
          },
          {
            type: "p",
            text: "The seller sees your name, email and phone number under My buyers and will contact you to arrange the meeting. If two people try to book the same bike at the same moment, only one booking succeeds; the other is told the bike has just been sold.",
          },
        ],
      },
      {
        id: "stock-out",
        question: "What does “Stock Out” mean?",
        answer: [
          {
            type: "p",
            text: "Stock Out means the bike has been booked by a buyer and is no longer available. It cannot be booked again or advertised, and the seller cannot delete it, because it is now part of the buyer's order. Bikes that are still for sale show Available.",
          },
        ],
      },
      {
        id: "pay-by-card",
        question: "How do I pay by card?",
        answer: [
          {
            type: "ol",
            items: [
              "Go to your dashboard and open My orders.",
              "Choose Pay on the order.",
              "Enter your card number, expiry date and CVC, and press Pay.",
            ],
          },
          {
            type: "p",
            text: "The amount is always the bike's asking price, set by our server, not typed by anyone. When the payment succeeds you see a payment ID, and the button reads Paid. If your bank declines the card, you see its reason in red and nothing is charged.",
          },
          {
            type: "p",
            text: "MotoHaat holds a card payment until the handover: the seller does not get it yet. Meet the seller, check the bike and its papers, then press I have the bike and its papers on the order in My orders, and the money goes to the seller. If you do neither that nor report a problem, it goes to the seller by itself on the date your order shows (a week after payment unless the site says otherwise). Cash paid at the meeting goes straight to the seller, so there is nothing to confirm.",
          },
        ],
      },
      {
        id: "problem-after-paying",
        question: "I paid by card and something is wrong. What now?",
        answer: [
          {
            type: "p",
            text: "If the seller never handed the bike over, or it is not as the listing described, do not confirm the handover. Open the order in My orders and choose Report a problem before the date the order shows. MotoHaat keeps the money while an admin looks into it: they read what you and the seller wrote, may call you both, and then refund your card or pay the seller, telling you both why.",
          },
        ],
      },
      {
        id: "seller-paid",
        question: "When do I get paid as a seller?",
        answer: [
          {
            type: "p",
            text: "Cash paid at the meeting is yours at once. A card payment is kept by MotoHaat until the buyer confirms the handover, or until the date My buyers shows if they do neither that nor report a problem. It then moves to Earnings, less MotoHaat's fee if there is one, and MotoHaat pays it out to the bKash, Nagad or bank account you give under Where to be paid on your profile. Each payout shows on Earnings with its transfer reference, so you can find it in your own account.",
          },
        ],
      },
      {
        id: "verified-tick",
        question: "What does the green verified tick mean?",
        answer: [
          {
            type: "p",
            text: "The tick appears beside sellers our admin team has verified. It tells you the seller's account has been checked by a person, and it is shown on their listings and on your orders.",
          },
          {
            type: "p",
            text: [
              "It is not a guarantee of the bike's condition or papers. Always inspect the bike and check the documents yourself; our guide to ",
              { link: "/blog/check-the-papers-before-you-buy", text: "checking the papers" },
              " shows you how.",
            ],
          },
        ],
      },
      {
        id: "report-listing",
        question: "How do I report a listing?",
        answer: [
          {
            type: "p",
            text: "On the bike's page choose report to admin and give a short reason, such as a price that looks too good to be true, a request for an advance payment or photos that do not match the bike. The button then reads reported. Our admins review every report and can remove the listing. You need to be signed in as a buyer to report.",
          },
        ],
      },
      {
        id: "delete-listing",
        question: "How do I delete one of my listings?",
        answer: [
          {
            type: "p",
            text: "Sellers: go to your dashboard, open My products and press Delete on the listing, then confirm. A listing that has been booked shows Stock Out and cannot be deleted, because it belongs to a buyer's order; its button reads can't be deleted.",
          },
        ],
      },
      {
        id: "advertise",
        question: "How do I get more buyers to see my bike?",
        answer: [
          {
            type: "p",
            text: "In My products, press Advertise on an available listing. Advertised bikes appear on the home page for every buyer and visitor. A sold bike cannot be advertised. Press Stop ad on the same card to take a bike off the home page again.",
          },
        ],
      },
      {
        id: "fees",
        question: "Are there any fees?",
        answer: [
          {
            type: "p",
            text: "Creating an account, browsing, listing a bike, advertising and booking are free. When you pay for an order, you pay the asking price shown on the listing; MotoHaat adds no buyer fee. Your own bank may charge its usual card fees. A seller paid by card may have a platform fee taken from what MotoHaat pays them; Earnings shows it line by line.",
          },
        ],
      },
      {
        id: "become-seller",
        question: "How do I start selling?",
        answer: [
          {
            type: "p",
            text: "Sign up and choose Seller as your role. You can then add bikes from your dashboard with Add a product. Accounts created with Continue with Google start as buyer accounts.",
          },
        ],
      },
      {
        id: "safety",
        question: "How do I stay safe when meeting a buyer or seller?",
        answer: [
          {
            type: "ul",
            items: [
              "Meet in a busy, public place in daylight, and bring a friend.",
              "Never pay an advance to hold a bike. Booking on MotoHaat already holds it for you.",
              "Never share an OTP, PIN or password. Our staff will never ask for one.",
              "Sellers: a card payment shows in My buyers as held by MotoHaat until the handover, and reaches your earnings when the buyer confirms it. Paid in cash? Count it before handing over the keys.",
            ],
          },
          {
            type: "p",
            text: [
              "Read our full guide to ",
              { link: "/blog/safe-meetups-and-payment", text: "safe meetups and payment" },
              ".",
            ],
          },
        ],
      },
    ],
  },
  {
    id: "for-developers",
    title: "For developers",
    items: [
      {
        id: "react-state",
        question: "What are the different ways to manage state in a React application?",
        answer: [
          {
            type: "p",
            text: "Start by asking what kind of state it is; each kind has a natural home.",
          },
          {
            type: "ul",
            items: [
              [
                { strong: "Local UI state" },
                " (an open menu, a form field): ",
                { code: "useState" },
                ", or ",
                { code: "useReducer" },
                " when several values change together by rules.",
              ],
              [
                { strong: "Shared client state" },
                " (theme, the signed-in user's preferences): lift it to the nearest common parent, or put it in React Context when many distant components need it. Context re-renders every consumer on change, so keep it for values that change rarely.",
              ],
              [
                { strong: "Server state" },
                " (data that lives in a database): a cache such as TanStack Query or SWR, which handles loading, errors, retries, refetching and invalidation. Copying server data into ",
                { code: "useState" },
                " is the most common source of stale screens.",
              ],
              [
                { strong: "URL state" },
                " (the current page, filters, the open tab): the route and its search params, so it survives a reload and can be shared as a link.",
              ],
              [
                { strong: "Form state" },
                ": a form library such as React Hook Form keeps values, validation and errors without re-rendering on every keystroke.",
              ],
              [
                { strong: "Global stores" },
                " (Redux Toolkit, Zustand, Jotai): useful when complex client state is shared widely and updated from many places, with devtools and predictable updates.",
              ],
            ],
          },
          {
            type: "p",
            text: "A good default is local state first, a query cache for server data and the URL for anything worth linking to; reach for a global store only when those stop being enough.",
          },
        ],
      },
      {
        id: "prototypal-inheritance",
        question: "How does prototypal inheritance work?",
        answer: [
          {
            type: "p",
            text: [
              "Every JavaScript object has a hidden link to another object, its prototype (readable with ",
              { code: "Object.getPrototypeOf" },
              "). When you read a property the object does not have itself, the engine follows that link, then the prototype's prototype, and so on until it finds the property or reaches ",
              { code: "null" },
              ". This chain is how objects share behaviour without copying it.",
            ],
          },
          {
            type: "code",
            code: `const vehicle = {
  describe() {
    return \`\${this.name} has \${this.wheels} wheels\`;
  },
};
const bike = Object.create(vehicle); // bike's prototype is vehicle
bike.name = "Pulsar";
bike.wheels = 2;
bike.describe(); // "Pulsar has 2 wheels": found on vehicle, run with this = bike`,
          },
          {
            type: "p",
            text: [
              "Writing a property always creates it on the object itself, shadowing the prototype's version. Functions called with ",
              { code: "new" },
              " give the new object their ",
              { code: ".prototype" },
              " as its prototype, and ",
              { code: "class" },
              " syntax is a clearer way to set up exactly this chain: ",
              { code: "class Bike extends Vehicle" },
              " links ",
              { code: "Bike.prototype" },
              " to ",
              { code: "Vehicle.prototype" },
              ". Methods live once on the prototype and are shared by every instance.",
            ],
          },
        ],
      },
      {
        id: "unit-tests",
        question: "What is a unit test? Why should we write unit tests?",
        answer: [
          {
            type: "p",
            text: [
              "A unit test checks one small piece of code, such as a function, a component or a module, in isolation: given these inputs, it should produce this output or behaviour. For example, a test can assert that ",
              { code: "formatTaka(150000)" },
              " returns ৳1,50,000. Unit tests run in milliseconds, with no browser or network, so you can run hundreds of them on every change.",
            ],
          },
          {
            type: "ul",
            items: [
              "They catch regressions: a change that breaks old behaviour fails a test before it reaches users.",
              "They make refactoring safe, because you can restructure code and prove it still does the same thing.",
              "They document intent: a good test is an executable example of how the code is meant to be used.",
              "They improve design: code that is hard to test is usually too tangled, and writing the test shows it early.",
            ],
          },
          {
            type: "p",
            text: "Test behaviour a user or caller would notice rather than internal details, and make sure each test can actually fail. Unit tests work best alongside a smaller number of integration and end-to-end tests that check the pieces together.",
          },
        ],
      },
      {
        id: "react-angular-vue",
        question: "React vs. Angular vs. Vue?",
        answer: [
          {
            type: "ul",
            items: [
              [
                { strong: "React" },
                " is a library for building UIs from components written in JSX. It deliberately leaves routing, data fetching and forms to other libraries, which gives flexibility and a huge ecosystem, at the cost of more choices to make. Frameworks such as Next.js or React Router add the missing pieces.",
              ],
              [
                { strong: "Angular" },
                " is a complete, opinionated framework from Google, built on TypeScript, with routing, forms, HTTP, dependency injection and testing tools included. Its structure suits large teams and long-lived enterprise apps; the learning curve is the steepest of the three.",
              ],
              [
                { strong: "Vue" },
                " sits between them: single-file components with HTML-like templates, built-in reactivity and official router and state libraries (Vue Router, Pinia). It is known for being approachable and for its gentle learning curve.",
              ],
            ],
          },
          {
            type: "p",
            text: "All three are fast enough for nearly any app and have mature tooling. The better question is which one your team knows, which ecosystem has what you need and how much structure you want handed to you. MotoHaat uses React with React Router and TanStack Query.",
          },
        ],
      },
    ],
  },
];
