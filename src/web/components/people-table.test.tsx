import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PeopleTable, phoneColumn } from "./people-table.tsx";

const buyers = [
  { id: "b1", name: "Rahim Uddin", email: "rahim@motohaat.test", photo: null, phone: "01712-345678" },
  { id: "b2", name: "Nusrat Jahan", email: "nusrat@motohaat.test", photo: null, phone: "+880 1812 000000" },
];

describe("PeopleTable", () => {
  it("numbers the rows and shows each person's name, email and phone", () => {
    render(<PeopleTable caption="My buyers" people={buyers} columns={[phoneColumn]} />);
    const table = screen.getByRole("table", { name: "My buyers" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["#", "User", "Phone"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("rowheader")).toHaveTextContent("1");
    expect(first).toHaveTextContent("Rahim Uddin");
    expect(first).toHaveTextContent("rahim@motohaat.test");
    expect(within(second!).getByRole("rowheader")).toHaveTextContent("2");
    expect(within(second!).getByRole("link", { name: "+880 1812 000000" })).toHaveAttribute(
      "href",
      "tel:+8801812000000",
    );
  });
});
