import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LANGUAGE_NAMES, type Locale } from "#shared/i18n/locales.ts";
import { api } from "#web/lib/api-client.ts";
import { loadLanguage, useLanguage, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { SHELL_TEXT } from "#web/texts/shell.ts";

/**
 * English / বাংলা in the top bar: names the other language, in itself. The choice is the server's to
 * keep (a cookie for this device, and the account's for a signed-in person: PUT /api/language), so the
 * next page the server renders is in it too; this page changes at once, without a reload.
 */
export function LanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  const T = useTexts(SHELL_TEXT).shell;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const next: Locale = language.locale === "en" ? "bn" : "en";

  const choose = async () => {
    setBusy(true);
    try {
      const [loaded] = await Promise.all([
        loadLanguage(next),
        api("/api/language", { method: "PUT", body: { language: next } }),
      ]);
      setLanguage(loaded);
      // Answers with words of the server's (a problem's, a notification's) are asked for again in it.
      void queryClient.invalidateQueries();
    } catch {
      toast.error(T.languageFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      lang={next}
      className="btn btn-ghost btn-sm px-2"
      onClick={choose}
      disabled={busy}
      aria-busy={busy}
    >
      {LANGUAGE_NAMES[next]}
    </button>
  );
}
