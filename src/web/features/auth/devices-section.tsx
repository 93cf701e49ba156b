import { Monitor } from "lucide-react";
import { useState } from "react";
import { MSG } from "#shared/messages.ts";
import type { Device } from "#shared/schemas/account.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { useDevices, useEndDevice, useEndOtherDevices } from "./account-security-api.ts";

type DevicesText = typeof ACCOUNT_PAGES_TEXT.accountPages.devices;

function deviceName(d: Device, T: DevicesText): string {
  if (d.browser && d.os) return T.name(d.browser, d.os);
  return d.browser ?? d.os ?? T.unknown;
}

/** Where the person is signed in, with a way to sign any other device out. */
export function DevicesSection() {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.devices;
  const msg = useTexts(MSG);
  const devices = useDevices();
  const endOthers = useEndOtherDevices();
  const [confirming, setConfirming] = useState(false);
  const others = devices.data?.devices.filter((d) => !d.current) ?? [];

  const onEndOthers = async () => {
    try {
      await endOthers.mutateAsync();
    } catch (err) {
      toast.error(errorMessage(err));
      return;
    } finally {
      setConfirming(false);
    }
    toast.success(msg.account.othersEnded);
  };

  return (
    <section aria-labelledby="devices-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="devices-heading" className="card-title text-lg">
            {T.heading}
          </h2>
          {others.length > 0 ? (
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              onClick={() => setConfirming(true)}
            >
              {T.signOutOthers}
            </button>
          ) : null}
        </div>
        <p className="text-sm text-base-content/70">{T.places}</p>
        {devices.isPending ? (
          <Spinner label={T.loading} />
        ) : devices.isError ? (
          <LoadError error={devices.error} onRetry={() => devices.refetch()} />
        ) : devices.data.devices.length === 0 ? (
          <p>{T.none}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-300">
            {devices.data.devices.map((d) => (
              <DeviceRow key={d.id} device={d} />
            ))}
          </ul>
        )}
        {devices.isSuccess && others.length === 0 && devices.data.devices.length > 0 ? (
          <p className="text-sm text-base-content/70">{T.nowhereElse}</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={T.confirmTitle}
        message={msg.account.confirmEndOthers}
        confirmLabel={T.confirmButton}
        onConfirm={() => void onEndOthers()}
        onCancel={() => setConfirming(false)}
        isPending={endOthers.isPending}
      />
    </section>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.devices;
  const msg = useTexts(MSG);
  const format = useFormat();
  const end = useEndDevice();
  const name = deviceName(device, T);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor className="size-5 shrink-0 text-base-content/60" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {name}
          {device.current ? <span className="badge badge-success badge-sm ml-2">{T.thisDevice}</span> : null}
        </p>
        <p className="text-sm text-base-content/70">
          {device.ip ? `${device.ip} · ` : ""}
          {T.times(format.dateTime(device.signedInAt), format.dateTime(device.lastSeenAt))}
        </p>
      </div>
      {device.current ? null : (
        <PendingButton
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={T.signOutDevice(name)}
          pending={end.isPending}
          onClick={() =>
            end.mutate(device.id, {
              onSuccess: () => toast.success(msg.account.sessionEnded),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
          spinnerSize="xs"
        >
          {T.signOut}
        </PendingButton>
      )}
    </li>
  );
}
