/**
 * The words of reporting a bike to the admins (the button on a bike's page and its dialog), in English;
 * apart from ./talk.ts so a bike's page carries only these. Keys are the catalogue's
 * (`reportPages.reportDialog.send`).
 */
export const REPORT_TEXT = {
  reportPages: {
    reportButton: {
      report: "report to admin",
      reported: "reported",
      opening: "Opening the report form",
    },
    reportDialog: {
      title: "Report to admin",
      intro: (model: string) =>
        `Tell the MotoHaat team what is wrong with “${model}”: a fake listing, a wrong price, a rude seller…`,
      reason: "Reason",
      counter: (used: number, max: number) => `${used}/${max} characters`,
      send: "Send report",
    },
  },
};
