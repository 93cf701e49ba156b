import { Monitor } from "lucide-react";
import { useState } from "react";
import { MSG } from "#shared/messages.ts";
import type { Device } from "#shared/schemas/account.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useDevices, useEndDevice, useEndOtherDevices } from "./account-security-api.ts";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

function deviceName(d: Device): string {
  if (d.browser && d.os) return `${d.browser} on ${d.os}`;
  return d.browser ?? d.os ?? "Unknown browser";
}

/** Where the person is signed in, with a way to sign any other device out. */
export function DevicesSection() {
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
    toast.success(MSG.account.othersEnded);
  };

  return (
    <section aria-labelledby="devices-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="devices-heading" className="card-title text-lg">
            Signed-in devices
          </h2>
          {others.length > 0 ? (
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              onClick={() => setConfirming(true)}
            >
              Sign out all other devices
            </button>
          ) : null}
        </div>
        <p className="text-sm text-base-content/70">
          Places are approximate: the network you signed in from, with its last part hidden.
        </p>
        {devices.isPending ? (
          <Spinner label="Loading your devices" />
        ) : devices.isError ? (
          <LoadError error={devices.error} onRetry={() => devices.refetch()} />
        ) : devices.data.devices.length === 0 ? (
          <p>No devices are signed in.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-300">
            {devices.data.devices.map((d) => (
              <DeviceRow key={d.id} device={d} />
            ))}
          </ul>
        )}
        {devices.isSuccess && others.length === 0 && devices.data.devices.length > 0 ? (
          <p className="text-sm text-base-content/70">You are not signed in anywhere else.</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Sign out all other devices?"
        message={MSG.account.confirmEndOthers}
        confirmLabel="Sign out others"
        onConfirm={() => void onEndOthers()}
        onCancel={() => setConfirming(false)}
        isPending={endOthers.isPending}
      />
    </section>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const end = useEndDevice();
  const name = deviceName(device);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Monitor className="size-5 shrink-0 text-base-content/60" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {name}
          {device.current ? <span className="badge badge-success badge-sm ml-2">This device</span> : null}
        </p>
        <p className="text-sm text-base-content/70">
          {device.ip ? `${device.ip} · ` : ""}signed in {when.format(new Date(device.signedInAt))} · last seen{" "}
          {when.format(new Date(device.lastSeenAt))}
        </p>
      </div>
      {device.current ? null : (
        <PendingButton
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={`Sign out ${name}`}
          pending={end.isPending}
          onClick={() =>
            end.mutate(device.id, {
              onSuccess: () => toast.success(MSG.account.sessionEnded),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
          spinnerSize="xs"
        >
          Sign out
        </PendingButton>
      )}
    </li>
  );
}
