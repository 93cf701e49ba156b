/**
 * The home page's words — its search, banner slides, categories, the hero, About us and Contact — in
 * English, as the page always said them; apart from ./browse.ts (every page's) so a list's or a bike's
 * first load does not carry them. Keys are the catalogue's (`homePage.hero.title`).
 */
export const HOME_PAGE_TEXT = {
  homePage: {
    heading: "MotoHaat: used motorbikes in Bangladesh",
    featured: "Featured",
    loading: "Loading",
    search: {
      label: "All bikes",
      heading: "Find a used bike",
      placeholder: "Brand or model, e.g. Pulsar 150",
      submit: "Search",
    },
    carousel: {
      carousel: "carousel",
      slide: "slide",
      slideOf: (slide: number, count: number) => `${slide} of ${count}`,
      previous: "Previous slide",
      next: "Next slide",
      goTo: (slide: number) => `Go to slide ${slide}`,
      start: "Start automatic slide show",
      stop: "Stop automatic slide show",
    },
    slides: {
      dhakaDuskHeadline: "Your next bike is already on the road",
      dhakaDuskSubline:
        "Used motorbikes from sellers across Bangladesh, from Dhaka commuters to weekend cruisers.",
      teaGardenHeadline: "Ride further for less",
      teaGardenSubline: "Touring and adventure bikes for the hills of Sylhet, at second-hand prices.",
      monsoonNightHeadline: "Sell your bike the safe way",
      monsoonNightSubline: "List it in minutes, meet a buyer who has booked it, and get paid by card.",
      coastRoadHeadline: "Book it, meet, ride away",
      coastRoadSubline:
        "Look for the verified tick, book with your phone and a meeting place, and the bike is yours.",
    },
    categories: {
      heading: "Browse by category",
      loading: "Loading categories",
      failed: "We couldn't load the categories.",
      tryAgain: "Try again",
      allBikes: "All bikes",
    },
    hero: {
      heading: "Find a used bike you can trust",
      intro:
        "Compare asking prices with brand-new prices, see how long each bike has been used, and book the one you like with your phone number and a place to meet. No middlemen, no guesswork.",
      getStarted: "Get Started",
      verifiedTick: "Look for the verified-seller tick",
      bookFirst: "Book first, then meet in person",
      payByCard: "Pay by card from your dashboard",
    },
    aboutUs: {
      heading: "About us",
      idea: "MotoHaat started with a simple idea: buying a used motorbike in Bangladesh should feel as safe as buying a new one. A bike is how millions of us get to work, deliver orders and visit family on Eid, and too many people have been burnt by a hidden accident, missing papers or a stranger who never showed up.",
      haat: "So we built a haat, a marketplace, that puts honesty first. Every listing shows the brand-new price beside the asking price and how long the bike has been used. Buyers book a bike with their phone number and a meeting place, so a booked bike is off the market and no one else can take it from under you. Sellers see exactly who booked and can reach them directly.",
      verifiedTitle: "Verified sellers",
      verifiedText:
        "Our team checks sellers before they get the green tick, so you know who you are dealing with before you book.",
      meetupsTitle: "Safe meetups",
      meetupsText:
        "You choose where to meet when you book. We encourage busy, public places in daylight, and our guides show you what to check.",
      cardTitle: "Card payments",
      cardText:
        "Pay for your order by card from your dashboard. No bundles of cash to carry, and a payment record for both sides.",
    },
    contact: {
      heading: "Contact",
      support: "Support",
      supportHours: "24/7",
      supportHint: "Every day, including holidays",
      staff: "Staff",
      staffCount: "50+",
      staffHint: "People ready to help",
      addressStreet: "MotoHaat Ltd., House 12, Road 7, Block C",
      addressCity: "Banani, Dhaka 1213, Bangladesh",
    },
  },
};
