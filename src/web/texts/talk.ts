/**
 * The words of talking and trusting that TALK_MSG (#shared/talk-messages.ts) does not already say —
 * the messages pages, the bell and the notifications pages, ratings, the report button and its
 * dialog, the signed-in tools of the top bar — in English, as the pages always said them. Keys are
 * the catalogue's (`talkPages.reportDialog.title`): src/shared/i18n/bn.json says each in Bangla, and
 * src/web/texts/texts.test.ts checks that it does. Components read them through
 * `useTexts(TALK_PAGES_TEXT)` (src/web/lib/i18n.tsx). A plain object and small: a bike's page carries
 * it with its report button.
 */
export const TALK_PAGES_TEXT = {
  talkPages: {
    common: {
      cancel: "Cancel",
      tryAgain: "Try again",
      /** An unread count too big for its badge. */
      manyUnread: "99+",
    },
    conversations: {
      title: "Messages — MotoHaat",
      loading: "Loading your conversations",
      browse: "Browse bikes",
    },
    conversation: {
      title: (model: string) => `${model} — Messages — MotoHaat`,
      back: "← Messages",
      loading: "Loading the conversation",
      loadingMessages: "Loading messages",
    },
    reportedConversations: {
      loading: "Loading reported conversations",
      asBuyer: (name: string) => `${name} (buyer)`,
      asSeller: (name: string) => `${name} (seller)`,
    },
    notifications: {
      title: "Notifications — MotoHaat",
      loading: "Loading your notifications",
      bellLoading: "Loading notifications",
      emailsLoading: "Loading your email settings",
    },
    unsubscribe: {
      title: "Unsubscribe — MotoHaat",
    },
    deadLetters: {
      title: "Undelivered emails — MotoHaat",
      loading: "Loading undelivered emails",
      attempts: (count: number) => `${count} attempts`,
    },
    reviews: {
      myTitle: "My ratings — MotoHaat",
      loading: "Loading ratings",
      /** The Report button's name: whose review it reports. */
      reportLabel: (name: string) => `Report: ${name}'s review`,
      loadingReported: "Loading reported reviews",
      /** Before the date of a reported review (`a@x.bd rated b@x.bd on 05-Nov-2022`). */
      ratedOn: (buyer: string, seller: string) => `${buyer} rated ${seller} on`,
    },
  },
};
