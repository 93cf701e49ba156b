import { Heart } from "lucide-react";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from "react";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { usePressWhenKnown } from "#web/lib/use-press-when-known.ts";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { useSavedIds, useToggleSaved } from "./api/saved.ts";

type SaveButtonProps = {
  listing: { id: string; model: string };
  /** "icon": a round heart over a card's photo; "button": a labelled button on the bike's page. */
  variant?: "icon" | "button";
  /**
   * Greyed out until the session is known, not pressable early: for a heart whose code comes after
   * the page has hydrated (a lazy part). React drops a press on a part it has not hydrated yet, and
   * the head script keeps presses only until hydration starts (src/web/app/early-presses.tsx).
   */
  greyedWhileWaiting?: boolean;
};

/** What every heart on the page needs to know: who is looking, and which bikes they saved. */
type HeartsView = {
  user: User | null;
  /** The session, or a buyer's saved ids, not known yet: a press now is carried out once they are. */
  waiting: boolean;
  ids: ReadonlySet<string> | undefined;
  /** A heart is on the page: the saved ids are worth asking for (a page without one never asks). */
  want: () => void;
};

const HeartsContext = createContext<HeartsView | null>(null);

/**
 * One subscription to the session and the saved ids for all the hearts under it (a list has 24), and
 * their change drawn as a transition: when the session or the ids arrive after the page is up, the
 * hearts re-render in slices the browser can interrupt, not in one synchronous task of every card
 * (each heart subscribing on its own made that a long task on a buyer's list: Lighthouse's TBT).
 * `src/web/app/app-providers.tsx` puts it around the app.
 */
export function SavedHeartsProvider({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const isBuyer = user?.role === "buyer";
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  const ids = useSavedIds(isBuyer && wanted);
  const view = useMemo<HeartsView>(
    () => ({ user, waiting: isLoading || (isBuyer && ids.isPending), ids: ids.data, want }),
    [user, isLoading, isBuyer, ids.isPending, ids.data, want],
  );
  return <HeartsContext.Provider value={useDeferredValue(view)}>{children}</HeartsContext.Provider>;
}

/**
 * The heart: a toggle button named "Save {model}", pressed once saved. A buyer saves or unsaves at
 * once (changed back with a message if the server refuses); a signed-out visitor is sent to sign in
 * and brought back; sellers and admins do not see it. Outside a SavedHeartsProvider (a test, a page
 * on its own) it brings its own.
 */
export function SaveButton(props: SaveButtonProps) {
  const view = useContext(HeartsContext);
  if (!view) {
    return (
      <SavedHeartsProvider>
        <SaveButton {...props} />
      </SavedHeartsProvider>
    );
  }
  return <HeartButton {...props} view={view} />;
}

function HeartButton({
  listing,
  variant = "icon",
  greyedWhileWaiting = false,
  view,
}: SaveButtonProps & { view: HeartsView }) {
  const { user, waiting, ids, want } = view;
  useEffect(want, [want]);
  const isBuyer = user?.role === "buyer";
  const toggle = useToggleSaved();
  const sendToSignin = useSendToSignin();
  const talk = useTexts(MSG).saved;
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.saved;

  const saved = isBuyer && (ids?.has(listing.id) ?? false);

  // `to`: what the press asks for, as the heart showed it when pressed; a press before the session
  // (or a buyer's saved ids) is known is carried out once they are (src/web/lib/use-press-when-known.ts).
  const press = usePressWhenKnown(waiting, (to: boolean) => {
    if (!user) return sendToSignin();
    // Pressed early by an account that turned out to have no hearts, or to what it is already.
    if (!isBuyer || to === saved) return;
    // The promise, not mutate's own callbacks: on the Saved page the card (and this button) goes
    // away as the list refreshes, and the toast must still say what happened.
    toggle.mutateAsync({ listingId: listing.id, saved: to }).then(
      () => toast.success((to ? talk.savedToast : talk.unsavedToast)(listing.model)),
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) return sendToSignin();
        toast.error(err instanceof ApiError && err.status < 500 ? errorMessage(err) : talk.failed);
      },
    );
  });

  if (user && !isBuyer) return null;
  const onClick = () => press(!saved);

  const icon = <Heart className={`size-5 ${saved ? "fill-error text-error" : ""}`} aria-hidden="true" />;
  const common = {
    type: "button" as const,
    "aria-pressed": saved,
    disabled: greyedWhileWaiting && waiting,
    onClick,
  };
  if (variant === "button") {
    return (
      // The name stays "Save {model}" (a toggle's name does not change); aria-pressed and the filled
      // heart say it is saved, and the tooltip says it in words.
      <button
        {...common}
        aria-label={talk.save(listing.model)}
        title={saved ? talk.savedLabel(listing.model) : undefined}
        className="btn btn-outline"
      >
        {icon}
        {T.save}
      </button>
    );
  }
  return (
    <button
      {...common}
      aria-label={talk.save(listing.model)}
      title={saved ? talk.savedLabel(listing.model) : talk.save(listing.model)}
      className="btn btn-circle btn-sm border-base-300 bg-base-100/90 shadow-sm"
    >
      {icon}
    </button>
  );
}
