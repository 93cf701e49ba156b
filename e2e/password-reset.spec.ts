import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { MSG } from "#shared/messages.ts";
import { atPath, drawPhoto, expect, test, uniqueEmail } from "./fixtures.ts";

const mailDir = process.env.E2E_MAIL_DIR;

/** The reset link in the newest mail to `email` that the SMTP server of global-setup.ts received. */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const name of (await fs.readdir(mailDir!)).filter((f) => f.endsWith(".eml")).sort()) {
          const mail = await simpleParser(await fs.readFile(path.join(mailDir!, name)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
          if (to.includes(email)) link = mail.text?.match(/https?:\/\/\S+/)?.[0];
        }
        return link;
      },
      { message: `a reset mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

test.describe("password reset by email, then the profile", () => {
  test.skip(!mailDir, "needs the SMTP server that e2e/global-setup.ts starts with its own app server");

  test("a user asks for a reset on /signin, follows the emailed link, is signed in, edits the profile and signs in again with the new password", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("forgetful");
    const oldPassword = "Old!Pass2026";
    const newPassword = "Fresh!Pass2026";
    const name = "Mitu Rahman";
    const newName = "Mitu R. Chowdhury";
    // The account exists already, made in another browser: this one is signed out.
    await page.goto("/");
    const signup = await request.post("/api/auth/signup", {
      headers: { origin: new URL(baseURL!).origin },
      multipart: {
        name,
        email,
        role: "buyer",
        password: oldPassword,
        photo: await drawPhoto(page, "mitu.png"),
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);

    await page.goto("/signin");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await expect(dialog.getByLabel("Email address")).toHaveValue(email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(dialog.getByRole("status")).toContainText(MSG.passwordReset.emailSent);
    await dialog.getByRole("button", { name: "Back to sign in" }).click();
    await expect(dialog).toBeHidden();

    const link = await resetLinkFor(email);
    expect(link).toMatch(new RegExp(`^${baseURL}/reset-password\\?token=[\\w-]{43}$`));
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();

    await expect(page.getByText(MSG.passwordReset.done)).toBeVisible();
    await expect(page).toHaveURL(atPath("/"));
    const topBar = page.getByRole("banner");
    await topBar.getByRole("link", { name, exact: true }).click();

    // Profile: linked from the photo; a new name and photo show in the top bar at once.
    await expect(page).toHaveURL(atPath("/dashboard/profile"));
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    const oldPhoto = await topBar.getByRole("img", { name, exact: true }).getAttribute("src");
    await page.getByLabel("Name", { exact: true }).fill(newName);
    await page.getByLabel("New photo").setInputFiles(await drawPhoto(page, "new-me.png", "#0ea5e9"));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(MSG.profile.saved)).toBeVisible();
    const photo = topBar.getByRole("img", { name: newName, exact: true });
    await expect(photo).toBeVisible();
    await expect(photo).not.toHaveAttribute("src", oldPhoto!);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await topBar.getByRole("button", { name: "Sign Out" }).click();
    await expect(topBar.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

    // The link was used: it says so and leads back to asking for a new one.
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Another!Pass1");
    await page.getByLabel("Confirm new password").fill("Another!Pass1");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toContainText(MSG.passwordReset.linkInvalid);
    await page.getByRole("link", { name: "Ask for a new reset link" }).click();
    const again = page.getByRole("dialog", { name: "Reset your password" });
    await expect(again).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    // Until the dialog has closed the form behind it is inert: a fill there would type nowhere.
    await expect(again).toBeHidden();

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(oldPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText(MSG.signin.wrongCredentials)).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expect(topBar.getByRole("img", { name: newName, exact: true })).toBeVisible();
  });
});
