import { Bike } from "lucide-react";
import type { ConversationBike } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { Img } from "#web/components/img.tsx";
import { Price } from "#web/components/price.tsx";
import { useTexts } from "#web/lib/i18n.tsx";

/** The bike's photo, or a plain icon once it is removed (its photo is no longer shown). */
export function BikeThumb({ bike, className = "size-14" }: { bike: ConversationBike; className?: string }) {
  return bike.photo ? (
    <Img
      image={bike.photo}
      alt=""
      sizes="56px"
      className={`${className} shrink-0 rounded-box object-cover`}
    />
  ) : (
    <span
      className={`${className} flex shrink-0 items-center justify-center rounded-box bg-base-200`}
      aria-hidden="true"
    >
      <Bike className="size-6 text-base-content/60" />
    </span>
  );
}

/** The price while the bike is there; "Sold" or "Removed" when the conversation is for reading. */
export function BikeState({ bike }: { bike: ConversationBike }) {
  const msg = useTexts(TALK_MSG).conversation;
  if (bike.state === "removed") return <span className="badge badge-ghost badge-sm">{msg.removedBadge}</span>;
  return (
    <span className="flex items-center gap-2">
      {bike.price === null ? null : <Price amount={bike.price} className="font-semibold" />}
      {bike.state === "sold" ? <span className="badge badge-warning badge-sm">{msg.soldBadge}</span> : null}
    </span>
  );
}
