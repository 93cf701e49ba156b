import { useEffect, useEffectEvent, useState } from "react";

/**
 * The press of a button whose action depends on something still on its way (the session, which a
 * server-rendered page learns only after it hydrates): the button is drawn as it will be and takes
 * the press at once; the press is kept, with its arguments, and carried out when `waiting` ends, by
 * `action` as it is then (with what has become known: a signed-out visitor is sent to sign in, a
 * buyer gets the form, a seller nothing).
 *
 * Why not `disabled` while waiting: every such button (a list's 24 hearts, a bike's Book now and
 * Report) was greyed out in the server's HTML and restyled, its colours transitioned, when the
 * session came: a task after hydration that Lighthouse counted in TBT (bench/README.md), and a press
 * in that moment did nothing.
 */
export function usePressWhenKnown<Args extends unknown[]>(
  waiting: boolean,
  action: (...args: Args) => void,
): (...args: Args) => void {
  const [pressed, setPressed] = useState<Args | null>(null);
  const carryOut = useEffectEvent((args: Args) => action(...args));
  useEffect(() => {
    if (!pressed || waiting) return;
    setPressed(null);
    carryOut(pressed);
  }, [pressed, waiting]);
  return (...args: Args) => (waiting ? setPressed(args) : action(...args));
}
