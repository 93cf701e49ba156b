import { Check, Copy } from "lucide-react";
import { useState } from "react";
import type { DemoAccount } from "#shared/schemas/auth.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { useDemoAccounts } from "./api.ts";

function CopyButton({ text, label }: { text: string; label: string }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.demo;
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const copy = async () => {
    try {
      // Missing outside secure contexts (plain http on a LAN address): fall to the catch.
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setFailed(false);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setFailed(true);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs"
      onClick={copy}
      aria-label={copied ? T.copied(label) : failed ? T.copyFailed(label) : T.copy(label)}
      title={failed ? T.copyFailedTitle : T.copy(label)}
    >
      {copied ? (
        <Check className="size-4 text-success" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}

function Credential({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="w-16 shrink-0 text-xs text-base-content/70">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center justify-between gap-2">
        <span className="truncate font-mono text-sm select-all" title={value}>
          {value}
        </span>
        <CopyButton text={value} label={copyLabel} />
      </dd>
    </div>
  );
}

/** Demo credentials, shown only while the server runs with demo data (it answers 404 otherwise). */
export function DemoAccountsPanel({ onUse }: { onUse: (account: DemoAccount) => void }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.demo;
  const { data } = useDemoAccounts();
  const accounts = data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby="demo-accounts-title" className="card border border-base-300 bg-base-200">
      <div className="card-body gap-4">
        <div>
          <h2 id="demo-accounts-title" className="card-title text-lg">
            {T.heading}
          </h2>
          <p className="text-sm text-base-content/70">{T.intro}</p>
        </div>
        <ul className="flex flex-col gap-3">
          {accounts.map((account) => {
            const role = T.roles[account.role];
            return (
              <li key={account.role} className="rounded-box border border-base-300 bg-base-100 p-3">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h3 className="font-semibold">{role}</h3>
                  <button
                    type="button"
                    className="btn btn-primary btn-outline btn-xs"
                    onClick={() => onUse(account)}
                    aria-label={T.accountButton(account.role)}
                  >
                    {T.use}
                  </button>
                </div>
                <dl className="flex flex-col gap-1">
                  <Credential label={T.email} value={account.email} copyLabel={T.copyEmail(account.role)} />
                  <Credential
                    label={T.password}
                    value={account.password}
                    copyLabel={T.copyPassword(account.role)}
                  />
                </dl>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
