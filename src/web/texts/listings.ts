import { formatNumber } from "#shared/format.ts";

/**
 * The words of the bike pages — the list of a category with its search, filters and sort, a bike's
 * details, its seller's own view — in English, as the pages always said them (the Add/Edit Product
 * form, its photos and My products are in ./listing-forms.ts: a list's first load carries only these). Keys are the catalogue's (`listingPages.filters.sortBy`): src/shared/i18n/bn.json says
 * each in Bangla. Components read them through `useTexts(LISTING_PAGES_TEXT)` (src/web/lib/i18n.tsx);
 * code outside a component (the sort options, a filter's chip) is handed the localised tree.
 */
export const LISTING_PAGES_TEXT = {
  listingPages: {
    common: {
      allBikes: "All bikes",
      seeAllBikes: "See all bikes",
      tryAgain: "Try again",
      loadingBike: "Loading the bike",
      loadingBikes: "Loading bikes",
      km: (km: string) => `${km} km`,
      /** On a card: a no-break space, so "km" does not wrap away from its number. */
      kmTight: (km: string) => `${km}\u00a0km`,
      cc: (cc: string) => `${cc} cc`,
    },
    filters: {
      /** What a person calls each key of a search: a chip, a bad value in a shared link. */
      labels: {
        q: "Search",
        brand: "Brand",
        minPrice: "Min price",
        maxPrice: "Max price",
        minCc: "Min engine (CC)",
        maxCc: "Max engine (CC)",
        minYear: "From year",
        maxYear: "To year",
        maxKm: "Max km run",
        district: "District",
        verified: "Verified sellers only",
        negotiable: "Negotiable only",
        sold: "Show sold bikes",
        sort: "Sort by",
      },
      sort: {
        newest: "Newest",
        priceAsc: "Price: low to high",
        priceDesc: "Price: high to low",
        kmAsc: "Lowest km",
        yearDesc: "Newest year",
      },
      searchForm: "Bikes",
      searchLabel: "Search bikes",
      searchPlaceholder: "Search brand or model, e.g. Pulsar 150",
      /** "24 bikes", "1 bike". */
      bikeCount: (count: number) => `${formatNumber(count)} ${count === 1 ? "bike" : "bikes"}`,
      /** "1,000+ bikes": the server stopped counting. */
      bikeCountCapped: (count: number) => `${formatNumber(count)}+ bikes`,
      showCount: (bikes: string) => `Show ${bikes}`,
      showBikes: "Show bikes",
      anyBrand: "Any brand",
      brandsFailed: "We couldn't load the brands.",
      price: "Price (৳)",
      priceSr: "price",
      engine: "Engine (CC)",
      engineSr: "engine CC",
      year: "Year",
      yearSr: "year",
      min: "Min",
      max: "Max",
      from: "From",
      to: "To",
      any: "Any",
      allDistricts: "All districts",
    },
    layout: {
      filterBikes: "Filter bikes",
      category: "Category",
      chooseCategory: "Choose a category",
      all: "All",
      categoriesFailed: "We couldn't load the categories.",
      categories: "Categories",
      filters: "Filters",
      filtersSet: (count: number) => `Filters, ${count} set`,
      closeCategories: "Close categories",
      closeFilters: "Close filters",
    },
    categoryPage: {
      title: (category: string) => `${category} — MotoHaat`,
      allTitle: "All bikes — MotoHaat",
      description: (category: string) =>
        `${category}: used motorbikes for sale in Bangladesh, with price, year, km and district.`,
      notFoundTitle: "Category not found — MotoHaat",
      notFoundHint: "Pick a category from the list, or browse every bike.",
      /** What MSG.listing.empty says on the page of every category. */
      anyCategory: "any category",
      emptyHint: "New bikes are listed every day; check back soon.",
    },
    noMatches: {
      hint: "Try fewer filters, a wider price range or another spelling.",
      upTo: (value: string) => `Up to ${value}`,
      from: (value: string) => `From ${value}`,
      everyDistrict: "In every district",
      anyBrand: "Any brand",
      unverifiedToo: "Sellers not yet verified too",
      fixedPricesToo: "Fixed prices too",
      anyModel: (search: string) => `Any model, not only ${search}`,
      without: (filter: string) => `Without ${filter}`,
    },
    card: {
      seller: "Seller: ",
    },
    advertised: {
      heading: "Advertised bikes",
      hint: "Picked by their sellers, ready to book today.",
    },
    sellerListings: {
      heading: "Bikes for sale",
      empty: "No bikes for sale right now",
      emptyHint: "Sold bikes leave this list; check back for new ones.",
    },
    detailsPage: {
      title: (model: string) => `${model} — MotoHaat`,
      notFoundTitle: "Bike not found — MotoHaat",
      notFoundHint: "It may have been sold and removed by its seller. Plenty of others are waiting.",
      breadcrumb: "Breadcrumb",
      /** What a search result says of the bike: "Yamaha FZS, used commuter for sale: 2021 · 12,000 km · Dhaka · ৳1,80,000.". */
      description: (model: string, category: string, facts: string, price: string) =>
        `${model}, used ${category.toLowerCase()} for sale: ${facts} · ${price}.`,
    },
    details: {
      aboutBike: "About this bike",
      seller: "Seller",
      share: "Share",
      shareText: (model: string, price: string) => `${model} for ${price} on MotoHaat`,
      priceCheck: "Price check: ",
    },
    facts: {
      year: "Year",
      kmRun: "Kilometres run",
      location: "Location",
      engine: "Engine (CC)",
      category: "Category",
      brandNewPrice: "Brand new price",
      askingPrice: "Asking price",
      totalUsed: "Total used",
      postDate: "Post date",
    },
    papers: {
      heading: "Papers",
      registration: "Registration papers (blue book / smart card)",
      present: "present",
      missing: "missing",
      taxToken: "Tax token",
      insurance: "Insurance",
      nameTransfer: "Name transfer to the buyer",
      willTransfer: "the seller will transfer it",
      notOffered: "not offered",
      notGiven: "not given",
      /** "valid until Jun 2027". */
      validUntil: (month: string, year: number) => `valid until ${month} ${year}`,
      expired: (month: string, year: number) => `expired ${month} ${year}`,
      months: {
        jan: "Jan",
        feb: "Feb",
        mar: "Mar",
        apr: "Apr",
        may: "May",
        jun: "Jun",
        jul: "Jul",
        aug: "Aug",
        sep: "Sep",
        oct: "Oct",
        nov: "Nov",
        dec: "Dec",
      },
    },
    gallery: {
      /** "Yamaha FZS V3, photo 2 of 5". */
      photoAlt: (model: string, photo: number, count: number) => `${model}, photo ${photo} of ${count}`,
      photosOf: (model: string) => `Photos of ${model}`,
      counter: (photo: number, count: number) => `${photo} / ${count}`,
      caption: (model: string, photo: number, count: number) => `${model} — ${photo} / ${count}`,
      previous: "Previous photo",
      next: "Next photo",
      fullScreen: "View full screen",
      closeFullScreen: "Close full screen",
      thumbnails: "Thumbnails",
      showPhoto: (photo: number, count: number) => `Show photo ${photo} of ${count}`,
    },
  },
};
