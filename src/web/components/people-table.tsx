import type { ReactNode } from "react";
import type { Image } from "#shared/schemas/images.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { UserAvatar } from "./user-avatar.tsx";

type PersonRow = { id: string; name: string; email: string; photo: Image | null };

export type PeopleColumn<T> = {
  header: string;
  cell: (person: T) => ReactNode;
  /**
   * The row's actions: held at the table's right edge while the other columns scroll under it, so
   * a phone (360 px) keeps them on screen.
   */
  actions?: boolean;
};

const ACTIONS_CELL = "sticky right-0 z-[1] bg-base-100 shadow-[-8px_0_8px_-8px_rgb(0_0_0_/_0.25)]";

type PeopleTableProps<T extends PersonRow> = {
  /** Says what the table lists, for screen readers (the page heading already shows it). */
  caption: string;
  people: T[];
  /** Columns after serial and User, e.g. a count or a verify button. */
  columns: PeopleColumn<T>[];
};

/**
 * Serial, User (photo, name, email) and the caller's columns: All buyers, All sellers.
 * Never empty: the list frame around it says when there is nobody to list.
 */
export function PeopleTable<T extends PersonRow>({ caption, people, columns }: PeopleTableProps<T>) {
  const texts = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  const format = useFormat();
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm sm:table-md">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-10">
              {"#"}
            </th>
            <th scope="col">{texts.user}</th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.actions ? ACTIONS_CELL : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((person, i) => (
            <tr key={person.id}>
              <th scope="row" className="font-normal text-base-content/70">
                {format.number(i + 1)}
              </th>
              <td>
                <div className="flex items-center gap-3">
                  <UserAvatar user={person} size="size-8 shrink-0 sm:size-10" />
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{person.name}</p>
                    <p className="text-xs [overflow-wrap:anywhere] text-base-content/70 sm:text-sm">
                      {person.email}
                    </p>
                  </div>
                </div>
              </td>
              {columns.map((c) => (
                <td key={c.header} className={c.actions ? ACTIONS_CELL : undefined}>
                  {c.cell(person)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
