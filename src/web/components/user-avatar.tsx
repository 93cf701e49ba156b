import type { User } from "#shared/schemas/auth.ts";
import { Img } from "./img.tsx";

type UserAvatarProps = {
  user: Pick<User, "name" | "photo">;
  /** Tailwind size class, e.g. "size-10". */
  size?: string;
  /**
   * "eager" only where it is in the first screen everywhere (the top bar, a seller page's header): a
   * rendered page's HTML then asks for it in its head, beside the page's photo (React preloads every
   * eager image).
   */
  loading?: "lazy" | "eager";
};

/** The user's photo, or their initial when they have none; both are named by the user's name. */
export function UserAvatar({ user, size = "size-10", loading = "lazy" }: UserAvatarProps) {
  if (user.photo) {
    return (
      <Img
        image={user.photo}
        alt={user.name}
        title={user.name}
        sizes="80px"
        loading={loading}
        className={`${size} shrink-0 rounded-full object-cover ring-2 ring-base-300`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={user.name}
      title={user.name}
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-neutral font-semibold text-neutral-content`}
    >
      {user.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
