import type { ComponentProps } from "react";
import { usePreviewUrl } from "#web/lib/photo-file.ts";
import type { FieldControlProps } from "./form-field.tsx";

type PhotoInputProps = {
  control: FieldControlProps;
  /** The chosen file, previewed beside the input. */
  file: File | undefined;
  /** Empty when the preview only repeats what the label says; otherwise what it shows. */
  previewAlt: string;
  /** The preview's size and shape, e.g. a round avatar or a 4:3 bike. */
  previewClassName: string;
} & Omit<ComponentProps<"input">, "type" | "accept" | "className">;

/** A file input for one photo, with a preview of the chosen file; it wraps below on narrow screens. */
export function PhotoInput({ control, file, previewAlt, previewClassName, ...input }: PhotoInputProps) {
  const preview = usePreviewUrl(file);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input {...control} {...input} type="file" accept="image/*" className="file-input min-w-48 flex-1" />
      {preview ? (
        <img
          src={preview}
          alt={previewAlt}
          className={`shrink-0 object-cover ring-2 ring-base-300 ${previewClassName}`}
        />
      ) : null}
    </div>
  );
}
