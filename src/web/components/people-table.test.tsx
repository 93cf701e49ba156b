import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type PeopleColumn, PeopleTable } from "./people-table.tsx";

const buyers = [
  { id: "b1", name: "Rahim Uddin", email: "rahim@motohaat.test", photo: null, bookings: 2 },
  { id: "b2", name: "Nusrat Jahan", email: "nusrat@motohaat.test", photo: null, bookings: 0 },
];
const bookingsColumn: PeopleColumn<(typeof buyers)[number]> = {
  header: "Bookings",
  cell: (b) => String(b.bookings),
};

describe("PeopleTable", () => {
  it("numbers the rows and shows each person's name and email, then the caller's columns", () => {
    render(<PeopleTable caption="My buyers" people={buyers} columns={[bookingsColumn]} />);
    const table = screen.getByRole("table", { name: "My buyers" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["#", "User", "Bookings"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("rowheader")).toHaveTextContent("1");
    expect(first).toHaveTextContent("Rahim Uddin");
    expect(first).toHaveTextContent("rahim@motohaat.test");
    expect(within(second!).getByRole("rowheader")).toHaveTextContent("2");
    expect(within(second!).getAllByRole("cell")[1]).toHaveTextContent("0");
  });
});
