/**
 * What a bike's card and a bike's page say of booking it: Book now (book-button.tsx, on every card:
 * vite.config.ts's CARD_MODULES), its form (book-modal.tsx, loaded when opened) and the buyer's own held
 * booking (held-booking.tsx, cancel-booking-button.tsx). Apart from ./deals.ts (the deal pages') so the
 * cards' first load carries only these. Keys are the catalogue's (`bookPages.book.button.bookNow`).
 */
export const BOOK_TEXT = {
  bookPages: {
    book: {
      button: {
        bookNow: "Book now",
        buyersOnly: "Only buyer accounts can book bikes.",
        opening: "Opening the booking form",
      },
      form: {
        title: (model: string) => `Book ${model}`,
        bikeModel: "Bike model",
        price: "Price",
        yourName: "Your name",
        yourEmail: "Your email",
        phone: "Phone",
        phonePlaceholder: "01XXXXXXXXX",
        meetingLocation: "Meeting location",
        locationPlaceholder: "e.g. Dhanmondi 27, Dhaka",
        cancel: "Cancel",
        confirm: "Confirm booking",
      },
      held: {
        pay: "Pay",
        payFor: (model: string) => `Pay for ${model}`,
        seeReceipt: "See the receipt",
        cancelBooking: "Cancel booking",
        keepBooking: "Keep booking",
      },
    },
  },
};
