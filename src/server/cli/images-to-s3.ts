/**
 * `npm run images:to-s3`: copies the images kept on disk (`DATA_DIR/images`) into the bucket the S3_*
 * variables name, to move a running site to `IMAGE_STORE=s3` (decision 029): run it, start the nodes
 * with `IMAGE_STORE=s3`, then run it once more for what was uploaded meanwhile. Files already in the
 * bucket are left as they are; running it again copies only what is missing.
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { copyDiskImages, createS3Files } from "#server/images/files.ts";

async function main(): Promise<number> {
  // The bucket is the s3 store's, whatever IMAGE_STORE says now: the site may still be on disk.
  const config = loadConfig({ ...process.env, IMAGE_STORE: "s3" });
  if (config.imageStore.driver !== "s3") return 2;
  const bucket = createS3Files(config.imageStore.s3);
  await bucket.check();
  const { copied, present } = await copyDiskImages(config.imageDir, bucket);
  console.log(
    `${copied} image file(s) copied from ${config.imageDir} to s3://${config.imageStore.s3.bucket}; ${present} were there already.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? `error: ${err.message}` : err);
    process.exit(err instanceof ConfigError ? 2 : 1);
  },
);
