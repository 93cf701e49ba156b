import { ChevronLeft, ChevronRight, RotateCcw, Star, Trash2 } from "lucide-react";
import { type ChangeEvent, type Ref, useEffect, useRef, useState } from "react";
import { MAX_PHOTOS } from "#shared/listing-limits.ts";
import { MSG } from "#shared/messages.ts";
import type { ListingPhoto } from "#shared/schemas/listings.ts";
import type { FieldControlProps } from "#web/components/form-field.tsx";
import { Img } from "#web/components/img.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { isTooLarge, usePreviewUrl } from "#web/lib/photo-file.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";

/** One photo of the form, in its place: the first is the cover. */
export type PhotoItem = {
  /** Stays with the photo when it moves: React's key and the key of its upload status. */
  key: string;
  /** A photo chosen on this device, not sent yet. */
  file: File | null;
  /** A photo the listing already has (edit): its id goes back in `photoIds`. */
  saved: ListingPhoto | null;
};

/** How one photo's upload goes: `sent` 0 to 1 while its bytes travel, then the server's answer. */
export type PhotoStatus = {
  sent?: number;
  /** Why it failed: the server's word, or "something went wrong". */
  error?: string;
  /** Uploaded on its own (edit): the photo the server made of it. */
  uploaded?: ListingPhoto;
};

let lastKey = 0;
export const newPhotoItem = (file: File): PhotoItem => ({ key: `new-${++lastKey}`, file, saved: null });
export const savedPhotoItem = (photo: ListingPhoto): PhotoItem => ({
  key: photo.id,
  file: null,
  saved: photo,
});

type PhotoManagerProps = {
  /** The file input's id and aria attributes, from FormField (its label reads "Bike photos"). */
  control: FieldControlProps;
  /** react-hook-form's ref, so a photos error moves focus to the file input. */
  inputRef: Ref<HTMLInputElement>;
  /** The field's name on the file input: how a server's answer finds it once the form is enabled again. */
  name?: string;
  photos: PhotoItem[];
  onChange: (photos: PhotoItem[]) => void;
  statuses: Record<string, PhotoStatus>;
  /** While the form is being sent: nothing may move. */
  busy: boolean;
  /** Sends one failed photo again (edit, where each photo is uploaded on its own). */
  onRetry?: (key: string) => void;
};

type Move = "left" | "right" | "cover";
/** Which of a photo's buttons takes focus after a change. */
type FocusTarget = Move | "remove";

/**
 * The listing's photos: choose several at once or add more (up to MAX_PHOTOS), see them as
 * thumbnails, move them with buttons (keyboard and touch alike), make one the cover (the first),
 * remove them; each shows its upload's progress and, when it failed, why, with a way to retry.
 */
export function PhotoManager({
  control,
  inputRef,
  name,
  photos,
  onChange,
  statuses,
  busy,
  onRetry,
}: PhotoManagerProps) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.photos;
  const msg = useTexts(MSG);
  const room = MAX_PHOTOS - photos.length;
  const listRef = useRef<HTMLUListElement>(null);
  // After a move, focus follows the photo to its new place (on the same button while it can still be pressed).
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; move: FocusTarget } | null>(null);
  // Some chosen files did not fit: said beside the input until the next choice.
  const [leftOut, setLeftOut] = useState(false);

  useEffect(() => {
    if (!focusAfterMove) return;
    const item = listRef.current?.querySelector(`[data-photo-key="${focusAfterMove.key}"]`);
    const buttons = [focusAfterMove.move, "left", "right", "remove"].map((m) =>
      item?.querySelector<HTMLButtonElement>(`[data-move="${m}"]`),
    );
    buttons.find((b) => b && !b.disabled)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    // Emptied at once, so choosing the same file again (after removing it) still counts as a change.
    e.target.value = "";
    if (files.length === 0) return;
    setLeftOut(files.length > room);
    onChange([...photos, ...files.slice(0, Math.max(room, 0)).map(newPhotoItem)]);
  };

  const move = (from: number, to: number, how: Move) => {
    const item = photos[from];
    if (!item || to < 0 || to >= photos.length) return;
    const next = photos.filter((_, i) => i !== from);
    next.splice(to, 0, item);
    onChange(next);
    setFocusAfterMove({ key: item.key, move: how });
  };

  const remove = (index: number) => {
    onChange(photos.filter((_, i) => i !== index));
    // Focus goes to the next photo's Remove, or the file input once none is left to its right.
    const neighbour = photos[index + 1] ?? photos[index - 1];
    setLeftOut(false);
    if (neighbour) setFocusAfterMove({ key: neighbour.key, move: "remove" });
    else document.getElementById(control.id)?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <input
          {...control}
          ref={inputRef}
          name={name}
          type="file"
          accept="image/*"
          multiple
          disabled={busy || room <= 0}
          onChange={choose}
          className="file-input min-w-48 flex-1"
        />
        <p className="text-sm text-base-content/70" aria-live="polite">
          {T.count(photos.length, MAX_PHOTOS)}
        </p>
      </div>
      {leftOut ? (
        <p role="status" className="alert alert-soft alert-warning py-2 text-sm">
          {msg.listing.tooManyPhotos(MAX_PHOTOS)}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={T.chosen}>
          {photos.map((photo, i) => (
            <PhotoTile
              key={photo.key}
              photo={photo}
              index={i}
              count={photos.length}
              status={statuses[photo.key]}
              busy={busy}
              onMove={(to, how) => move(i, to, how)}
              onRemove={() => remove(i)}
              onRetry={
                onRetry && photo.file && !isTooLarge(photo.file) ? () => onRetry(photo.key) : undefined
              }
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type PhotoTileProps = {
  photo: PhotoItem;
  index: number;
  count: number;
  status: PhotoStatus | undefined;
  busy: boolean;
  onMove: (to: number, how: Move) => void;
  onRemove: () => void;
  onRetry: (() => void) | undefined;
};

function PhotoTile({ photo, index, count, status, busy, onMove, onRemove, onRetry }: PhotoTileProps) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.photos;
  const msg = useTexts(MSG);
  const preview = usePreviewUrl(photo.file ?? undefined);
  const cover = index === 0;
  const label = cover ? T.coverPhoto(index + 1) : T.photo(index + 1);
  // A file too large is refused here, before anything is sent: it can only be removed.
  const error = photo.file && isTooLarge(photo.file) ? msg.image.tooLarge : status?.error;
  const iconButton = "btn btn-square btn-sm btn-ghost";
  return (
    <li
      aria-label={label}
      data-photo-key={photo.key}
      className={`flex flex-col gap-2 rounded-box border p-2 ${
        error ? "border-error" : cover ? "border-primary" : "border-base-300"
      }`}
    >
      {/* Remove sits over the photo's corner, outside its clipped box so its focus ring shows whole:
          the tile's row below then holds the three move buttons even on a 360 px phone. */}
      <div className="relative">
        <div className="relative aspect-[4/3] overflow-hidden rounded-field bg-base-200">
          {photo.saved ? (
            <Img
              image={photo.saved}
              alt={T.postedPhoto(index + 1)}
              sizes="(min-width: 640px) 180px, 45vw"
              className="size-full object-cover"
            />
          ) : preview ? (
            <img src={preview} alt={photo.file?.name ?? ""} className="size-full object-cover" />
          ) : null}
          {cover ? (
            <span className="badge badge-primary badge-sm absolute top-1 left-1 shadow">{T.cover}</span>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-1 right-1 border-base-300 bg-base-100/90 text-error shadow"
          aria-label={T.remove}
          title={T.remove}
          data-move="remove"
          disabled={busy}
          onClick={onRemove}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      <UploadState status={status} error={error} index={index} onRetry={onRetry} busy={busy} />
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={iconButton}
          aria-label={T.moveLeft}
          title={T.moveLeft}
          data-move="left"
          disabled={busy || index === 0}
          onClick={() => onMove(index - 1, "left")}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={T.moveRight}
          title={T.moveRight}
          data-move="right"
          disabled={busy || index === count - 1}
          onClick={() => onMove(index + 1, "right")}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
        {cover ? null : (
          <button
            type="button"
            className={iconButton}
            aria-label={T.makeCover}
            title={T.makeCover}
            data-move="cover"
            disabled={busy}
            onClick={() => onMove(0, "cover")}
          >
            <Star className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}

function UploadState({
  status,
  error,
  index,
  onRetry,
  busy,
}: {
  status: PhotoStatus | undefined;
  error: string | undefined;
  index: number;
  onRetry: (() => void) | undefined;
  busy: boolean;
}) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.photos;
  if (error) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="alert" className="min-w-0 flex-1 text-xs font-medium text-error">
          {error}
        </p>
        {onRetry ? (
          <button type="button" className="btn btn-xs btn-outline" onClick={onRetry} disabled={busy}>
            <RotateCcw className="size-3" aria-hidden="true" />
            {T.retry}
          </button>
        ) : null}
      </div>
    );
  }
  if (status?.uploaded) return <p className="text-xs text-success">{T.uploaded}</p>;
  if (status?.sent === undefined) return null;
  const label = T.uploadOf(index + 1);
  // Every byte is out: the server is checking and resizing it, which has no measurable progress.
  if (status.sent >= 1) {
    return (
      <div className="flex flex-col gap-1">
        <progress className="progress progress-primary w-full" aria-label={label} />
        <p className="text-xs text-base-content/70">{T.processing}</p>
      </div>
    );
  }
  const percent = Math.round(status.sent * 100);
  return (
    <div className="flex flex-col gap-1">
      <progress className="progress progress-primary w-full" value={percent} max={100} aria-label={label} />
      <p className="text-xs text-base-content/70">{T.uploading(percent)}</p>
    </div>
  );
}
