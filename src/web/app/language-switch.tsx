import { useQueryClient } from "@tanstack/react-query";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES, type Locale } from "#shared/i18n/locales.ts";
import type { MeResponse } from "#shared/schemas/auth.ts";
import { api, setApiLanguage } from "#web/lib/api-client.ts";
import { type Language, loadLanguage, sayIn, useLanguage, useTexts } from "#web/lib/i18n.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.ts";
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
  // The language the page is turning to: the switch commits in a transition, after the session's new
  // choice, and the effect below must not take that moment for a choice still to follow.
  const turningTo = useRef<Locale | null>(null);

  /** The page in `loaded`, its API requests too from now on, then the server's words asked for again in it. */
  const showIn = useCallback(
    (loaded: Language) => {
      setApiLanguage(loaded.locale, (text) => sayIn(text, loaded));
      turningTo.current = loaded.locale;
      // In a transition: a page whose words in that language still load (a content page's edition)
      // stays on screen as it is until they have come, rather than giving way to a fallback.
      startTransition(() => setLanguage(loaded));
      void queryClient.invalidateQueries();
    },
    [setLanguage, queryClient],
  );

  // A person's choice follows them to a device that has not made one: signed in on a new phone, the
  // page turns to their language as soon as the session says which.
  const saved = useSession().user?.language ?? null;
  useEffect(() => {
    if (!saved || saved === language.locale || saved === turningTo.current) return;
    let current = true;
    void loadLanguage(saved).then(
      (loaded) => {
        if (!current) return;
        showIn(loaded);
        // This device remembers it too (the server's cookie): signed out later, the pages stay in it.
        void api("/api/language", { method: "PUT", body: { language: saved } }).catch(() => undefined);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [saved, language.locale, showIn]);

  const choose = async () => {
    setBusy(true);
    try {
      // The language first: a choice saved that this page then cannot show would turn the next one.
      const loaded = await loadLanguage(next);
      await api("/api/language", { method: "PUT", body: { language: next } });
      // The session says the new choice at once: the effect above would otherwise turn the page back.
      queryClient.setQueryData(queryKeys.auth.me, (me: MeResponse | undefined) =>
        me?.user ? { ...me, user: { ...me.user, language: next } } : me,
      );
      showIn(loaded);
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
      // "বাংলা" in the few glyphs every page carries (src/web/styles.css), not the whole Bengali face.
      className={`btn btn-ghost btn-sm px-1 sm:px-2 ${next === "bn" ? "font-bangla-name" : ""}`}
      onClick={choose}
      disabled={busy}
      aria-busy={busy}
      aria-label={LANGUAGE_NAMES[next]}
    >
      {/* On a phone the short name: the top bar has no room for "English" beside the theme and Sign In. */}
      <span className="sm:hidden">{LANGUAGE_SHORT_NAMES[next]}</span>
      <span className="hidden sm:inline">{LANGUAGE_NAMES[next]}</span>
    </button>
  );
}
