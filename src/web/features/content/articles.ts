import { type Block, wordCount } from "./blocks.ts";

export type Article = {
  slug: string;
  title: string;
  /** ISO date of publication. */
  date: string;
  author: string;
  summary: string;
  /** Minutes to read at about 200 words a minute, worked out from the body so it never goes stale. */
  readingMinutes: number;
  body: readonly Block[];
};

export type ArticleSource = Omit<Article, "readingMinutes">;

const SOURCES: readonly ArticleSource[] = [
  {
    slug: "check-the-papers-before-you-buy",
    title: "Check the papers before you buy a used motorbike",
    date: "2025-01-12T00:00:00.000Z",
    author: "Nusrat Jahan",
    summary:
      "Registration, tax token, fitness and the BRTA ownership transfer: what each paper is, what to compare, and the warning signs that should make you walk away.",
    body: [
      {
        type: "p",
        text: "A used bike can look perfect and still be impossible to put in your name. Before you talk about price, sit down with the seller and go through the papers one by one. Ask for the originals; photocopies and phone photos are not enough.",
      },
      { type: "h2", text: "Registration certificate" },
      {
        type: "p",
        text: "The registration certificate, the smart card or the older blue book, is issued by BRTA (Bangladesh Road Transport Authority). It is the bike's identity. Check three things against the bike itself, not against what the seller tells you:",
      },
      {
        type: "ul",
        items: [
          "The registration number matches the number plate.",
          "The engine number and chassis number printed on the certificate match the numbers stamped on the engine and the frame. Wipe the dirt off and read them yourself.",
          "The owner's name matches the seller's national ID card. If it does not, you are dealing with a middleman, and you need the registered owner present for the transfer.",
        ],
      },
      {
        type: "p",
        text: "Scratched, re-punched or painted-over engine and chassis numbers are the clearest warning sign there is. Walk away.",
      },
      { type: "h2", text: "Tax token" },
      {
        type: "p",
        text: "The tax token shows that road tax has been paid, and until when. Many newer bikes had several years of tax paid in advance at registration, which is a real plus. If the token has expired, the arrears and fines become your problem after the sale, so either the seller clears them first or the price comes down by that amount.",
      },
      { type: "h2", text: "Fitness certificate" },
      {
        type: "p",
        text: "The rules on fitness certificates for motorcycles are different from those for cars and commercial vehicles and have changed over the years. Check the current requirement for this bike on the BRTA website or at your circle office. If the seller has a fitness certificate, make sure its details match the registration certificate.",
      },
      { type: "h2", text: "Loans and hire purchase" },
      {
        type: "p",
        text: "If the bike was bought on a bank or company loan, the lender's name may be recorded on the registration. You then need a no-objection certificate (NOC) from the lender before ownership can change. Ask directly, and look for a lender's name on the papers.",
      },
      { type: "h2", text: "The ownership transfer at BRTA" },
      {
        type: "p",
        text: "A bike is not really yours until BRTA records you as the owner. Until then, fines, accidents and crimes involving the bike lead back to the old owner, and you cannot sell it on cleanly. Plan the transfer as part of the sale:",
      },
      {
        type: "ol",
        items: [
          "Both of you sign the transfer application and a sale receipt that names the bike, its registration, engine and chassis numbers, the price and the date.",
          "Collect copies of both national ID cards and the original registration certificate and tax token.",
          "Pay the transfer fee through the bank or BRTA's online service and submit the application at the circle office where the bike is registered. Both buyer and seller may need to give fingerprints.",
          "Keep every receipt until the new certificate in your name arrives.",
        ],
      },
      {
        type: "tip",
        text: [
          "Fees and forms change. Check the current list on the BRTA website before you go, and read our guide to ",
          { link: "/blog/inspect-a-used-bike", text: "inspecting the bike itself" },
          " once the papers are in order.",
        ],
      },
    ],
  },
  {
    slug: "inspect-a-used-bike",
    title: "How to inspect a used motorbike in 30 minutes",
    date: "2025-02-03T00:00:00.000Z",
    author: "Tanvir Hasan",
    summary:
      "A step-by-step check of the engine, chain, brakes, suspension, tyres and frame, and how to get the most from a short test ride.",
    body: [
      {
        type: "p",
        text: "You do not need to be a mechanic to spot most problems in a used bike. You need daylight, half an hour and the patience to look before you ride. If you can, bring a friend who knows bikes, or pay a trusted mechanic to come along. It is the cheapest insurance you will ever buy.",
      },
      { type: "h2", text: "Start it cold" },
      {
        type: "p",
        text: "Ask the seller not to start the bike before you arrive, then put your hand on the engine. A warm engine can hide starting trouble. When it starts, watch the exhaust:",
      },
      {
        type: "ul",
        items: [
          "Thin, clear exhaust after a minute is normal.",
          "Blue smoke means the engine is burning oil: worn rings or valve seals.",
          "Black smoke means it is running too rich: a dirty air filter or a carburettor that needs work.",
          "Knocking, rattling or a loud ticking that does not settle are worth a mechanic's opinion before you go any further.",
        ],
      },
      {
        type: "p",
        text: "Look under the engine for fresh oil, and check the oil window or dipstick. Very black, thick oil suggests the bike has missed its services.",
      },
      { type: "h2", text: "Chain, sprockets and brakes" },
      {
        type: "p",
        text: "Pull the chain away from the back of the rear sprocket. If you can see a lot of the teeth, the chain is stretched. Sprocket teeth should look like even triangles, not hooks or shark fins. A new chain set is not expensive, but it belongs in the price. Squeeze the front brake and roll the bike forward: it should not move. Look at the discs for deep grooves and at the pads for how much material is left.",
      },
      { type: "h2", text: "Suspension, tyres and frame" },
      {
        type: "ul",
        items: [
          "Push down hard on the handlebars a few times. The forks should move smoothly and come back up once, with no oil on the fork tubes.",
          "Read the tyres: cracks in the rubber and a worn, squared-off centre both mean new tyres soon.",
          "Turn the handlebars from lock to lock. They should move freely, without a notch in the middle.",
          "Look for fresh paint on one side only, bent levers or footrests, and welds on the frame. These are the marks of a crash.",
          "In the monsoon, ask whether the bike has been through deep water. Rust on bolts under the seat and water marks inside the headlight are clues.",
        ],
      },
      { type: "h2", text: "The test ride" },
      {
        type: "p",
        text: "Only ride if you hold a driving licence and the seller agrees. Leave something of value, such as your own bike or your ID, only if you trust the arrangement. On the ride:",
      },
      {
        type: "ol",
        items: [
          "Go through every gear. Each should engage cleanly, without jumping out.",
          "Accelerate hard in third or fourth gear. If the engine revs rise but the bike does not speed up, the clutch is slipping.",
          "On a straight, clear road, relax your grip for a moment. The bike should run straight.",
          "Brake firmly from a moderate speed. There should be no pulling to one side and no pulsing in the lever.",
          "Check that the lights, indicators, horn and self-start all work.",
        ],
      },
      {
        type: "tip",
        text: [
          "Write down what you found and use it to agree a fair price. Then read ",
          { link: "/blog/safe-meetups-and-payment", text: "how to meet and pay safely" },
          ".",
        ],
      },
    ],
  },
  {
    slug: "safe-meetups-and-payment",
    title: "Meeting a buyer or seller safely, and paying without regret",
    date: "2025-03-08T00:00:00.000Z",
    author: "Farhana Akter",
    summary:
      "Where to meet, who to bring, how to avoid the common advance-payment and fake-message scams, and what to hand over when.",
    body: [
      {
        type: "p",
        text: "Most sales on MotoHaat end with two people meeting, checking a bike and shaking hands. A little planning keeps it that way. These habits protect buyers and sellers alike.",
      },
      { type: "h2", text: "Choose the place well" },
      {
        type: "p",
        text: "When you book a bike you give a meeting location, and the seller sees it together with your phone number. Choose somewhere you would be comfortable standing for an hour:",
      },
      {
        type: "ul",
        items: [
          "A busy, public place in daylight: outside a bank branch, a shopping centre car park or a well-known petrol pump.",
          "Near a police station or box if you can. Honest buyers and sellers never mind.",
          "Not a quiet lane, not someone's garage at night and not a place the other person insists on changing at the last minute.",
        ],
      },
      {
        type: "p",
        text: "Bring a friend, tell someone at home where you are going, and keep your phone charged.",
      },
      { type: "h2", text: "Do not send money before you see the bike" },
      {
        type: "p",
        text: "The most common scam is a request for a small advance by bKash or Nagad to hold the bike for you. On MotoHaat you do not need to: booking already takes the bike off the market, and no one else can book it. If someone asks for an advance before you have seen the bike, stop talking to them and report the listing.",
      },
      { type: "h2", text: "Paying" },
      {
        type: "p",
        text: "Once you have booked, you can pay for your order by card from your dashboard, under My orders. The amount comes from the listing, never from what someone tells you on the phone, and you both get a clear record of the payment. If you agree to pay in another way, follow these rules:",
      },
      {
        type: "ul",
        items: [
          "Never share an OTP, PIN or password with anyone. MotoHaat staff will never ask for one.",
          "Sellers: check that the money has arrived in your own app or bank account. A text message saying money was sent can be faked in seconds.",
          "Avoid carrying large amounts of cash. If you must, do the exchange inside a bank branch.",
        ],
      },
      { type: "h2", text: "Handing over" },
      {
        type: "ol",
        items: [
          "Payment confirmed first, then keys.",
          "Both sign a sale receipt with the bike's registration, engine and chassis numbers, the price and the date, and exchange copies of national ID cards.",
          "Hand over the original papers, and agree when you will both go to BRTA for the ownership transfer.",
        ],
      },
      {
        type: "tip",
        text: [
          "If anything about a listing or a meeting feels wrong, trust that feeling. Use ",
          { strong: "report to admin" },
          " on the listing and our team will look into it. Not sure which papers to check? Read ",
          { link: "/blog/check-the-papers-before-you-buy", text: "our guide to the papers" },
          ".",
        ],
      },
    ],
  },
  {
    slug: "price-your-bike-to-sell",
    title: "Pricing your bike to sell in a week, not a season",
    date: "2025-04-20T00:00:00.000Z",
    author: "Rafiq Ahmed",
    summary:
      "How to research a fair asking price, what raises and lowers value, and how to write a listing that buyers trust.",
    body: [
      {
        type: "p",
        text: "An overpriced bike sits unsold for months while its tax token runs down. An underpriced one leaves money on the table. A fair price, backed by a clear listing, sells quickly and to a serious buyer.",
      },
      { type: "h2", text: "Start from the market" },
      {
        type: "p",
        text: "Search MotoHaat for your model and category, and note the asking prices of bikes of a similar age and engine size. Then find today's brand-new price for the same model: every listing shows it beside the asking price, so buyers will compare the two whether you do or not. A bike that is three years old and asks almost the brand-new price needs a very good reason.",
      },
      { type: "h2", text: "What adds value" },
      {
        type: "ul",
        items: [
          "Complete, original papers with a valid tax token. Years of tax already paid are worth real money to a buyer.",
          "One owner, and service records or receipts from a known workshop.",
          "Low use for the age. Be honest in the Total used field: buyers check.",
          "Good tyres, a fresh chain set and a new battery. Mention them.",
        ],
      },
      { type: "h2", text: "What takes it away" },
      {
        type: "ul",
        items: [
          "Missing or expired papers, or an owner who is not the person selling.",
          "Accident damage, even if repaired.",
          "Heavy modifications. Loud exhausts and cut frames put most buyers off, so keep the original parts and offer them with the bike.",
        ],
      },
      { type: "h2", text: "Setting the number" },
      {
        type: "p",
        text: "Place your asking price within the range of comparable bikes, nearer the top if yours is cleaner or better documented and nearer the bottom if it needs work. Leave a little room to negotiate, but not so much that the first number looks unrealistic. Round figures are fine: buyers are used to asking prices like ৳1,25,000.",
      },
      { type: "h2", text: "A listing buyers trust" },
      {
        type: "ol",
        items: [
          "Wash the bike and photograph it in daylight, from the side, with the whole bike in the frame.",
          "Fill in every field accurately: model, engine CC, brand, category, both prices and how long it has been used.",
          "Keep your seller account details complete and accurate. Once our team verifies you, the green tick beside your name makes buyers more confident to book.",
          "When the listing is live, use Advertise to show it on the home page to every buyer who visits.",
        ],
      },
      {
        type: "tip",
        text: [
          "When someone books, you will see their name, email and phone number under My buyers. Call them promptly and agree a safe place to meet. Our guide to ",
          { link: "/blog/safe-meetups-and-payment", text: "safe meetups and payment" },
          " covers the rest.",
        ],
      },
    ],
  },
  {
    slug: "first-month-maintenance",
    title: "The first month with your used bike: a maintenance plan",
    date: "2025-05-15T00:00:00.000Z",
    author: "Tanvir Hasan",
    summary:
      "You do not know how the last owner looked after it, so start fresh: oil, filters, chain, brakes, tyres and the habits that keep a bike healthy through the monsoon.",
    body: [
      {
        type: "p",
        text: "Whatever the seller told you, assume the bike is due for a service. A few hundred taka spent in the first week resets the clock, and it gives you a record of everything done from here on.",
      },
      { type: "h2", text: "In the first week" },
      {
        type: "ul",
        items: [
          "Change the engine oil, and the oil filter if your bike has one. Use the grade in the owner's manual, not whatever the shop has open.",
          "Clean or replace the air filter. Dhaka's dust clogs filters fast, and a choked filter costs power and fuel.",
          "Fit a new spark plug. It is cheap and often the cause of hard starting.",
          "Check the brake pads and brake fluid, and replace them if in doubt.",
          "If the bike is liquid-cooled, check the coolant level and colour.",
        ],
      },
      { type: "h2", text: "Chain and tyres" },
      {
        type: "p",
        text: "Clean the chain with a brush and kerosene or a chain cleaner, dry it and lubricate it. Then set the slack to what the manual says, usually a couple of centimetres of up-and-down movement halfway along the lower run. A chain that is too tight wears the gearbox; too loose and it can jump off. Check tyre pressure when the tyres are cold, at least once a week. Under-inflated tyres wear quickly and make the steering heavy.",
      },
      { type: "h2", text: "Electrics" },
      {
        type: "p",
        text: "Have the battery tested. An old battery may start the bike on a warm afternoon and fail on a cold winter morning. Check that the brake light comes on with both the front and rear brakes, and that the indicators flash at a steady rate.",
      },
      { type: "h2", text: "Monsoon habits" },
      {
        type: "ul",
        items: [
          "After riding through water, clean and lubricate the chain the same day, and test your brakes gently before you need them.",
          "If water may have entered the air box or exhaust, do not keep cranking the engine. Have it checked first.",
          "Park on higher ground when you can, and cover the bike rather than leaving it in standing water.",
        ],
      },
      { type: "h2", text: "Keep a simple log" },
      {
        type: "p",
        text: "Write down the date, the odometer reading and what was done at every service, and keep the receipts in a folder with your papers. Follow the service intervals in the manual; many commuter bikes in city traffic need an oil change every couple of thousand kilometres. A complete log makes the bike more reliable now and easier to sell later.",
      },
      {
        type: "tip",
        text: [
          "Still waiting for the ownership transfer? Keep the sale receipt and BRTA receipts with you until the new registration arrives. See ",
          { link: "/blog/check-the-papers-before-you-buy", text: "checking the papers" },
          " for the steps.",
        ],
      },
    ],
  },
];

/** An edition's articles with their reading time, counted from each body in that edition's words. */
export function withReadingMinutes(sources: readonly ArticleSource[]): readonly Article[] {
  return sources.map((a) => ({
    ...a,
    readingMinutes: Math.max(1, Math.round(wordCount(a.body) / 200)),
  }));
}

/** The English edition (src/web/features/content/editions.ts picks the page's). */
export const ARTICLES: readonly Article[] = withReadingMinutes(SOURCES);

export function findArticle(
  slug: string | undefined,
  articles: readonly Article[] = ARTICLES,
): Article | undefined {
  return articles.find((a) => a.slug === slug);
}
