// Apart from the schemas so the browser's bike page reads them without loading zod (issue 12's budget).

/** The longest message, in characters after trimming (the database checks it too). */
export const MAX_MESSAGE_LENGTH = 2000;

/** Hours an accepted offer lets its buyer book the bike at the offered price. */
export const OFFER_HOURS = 24;

/** The longest reason given for a report or a dispute, in characters after trimming. */
export const MAX_REASON_LENGTH = 500;
