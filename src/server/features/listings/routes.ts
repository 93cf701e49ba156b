import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequest } from "#server/errors.ts";
import { fastSerializerCompiler } from "#server/lib/fast-serializer.ts";
import { fileField } from "#server/lib/multipart.ts";
import { uploadLimiter } from "#server/plugins/rate-limit.ts";
import { editListing } from "#server/workflows/listing-edit.ts";
import { listingPage, sellerProducts } from "#server/workflows/listing-page.ts";
import { MSG } from "#shared/messages.ts";
import {
  BrandsResponseSchema,
  ListingCreateFieldsSchema,
  ListingDetailResponseSchema,
  ListingPhotoResponseSchema,
  ListingResponseSchema,
  ListingsPageSchema,
  ListingsQuerySchema,
  ListingsSearchPageSchema,
  ListingUpdateSchema,
  MAX_PHOTOS,
  MyListingsPageSchema,
  NearbySearchesSchema,
} from "#shared/schemas/listings.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { catalogueBrands } from "./catalogue.ts";
import { nearbySearches } from "./nearby.ts";
import { searchListings } from "./search.ts";
import {
  advertiseListing,
  createListing,
  deleteListing,
  listAdvertised,
  stopAdvertisingListing,
  uploadListingPhoto,
} from "./service.ts";

/** `photo` once per photo, 1 to MAX_PHOTOS; the first is the cover. */
const ListingCreateBodySchema = ListingCreateFieldsSchema.extend({
  photo: z
    .union(
      [
        fileField(MSG.listing.photoRequired).transform((file) => [file]),
        z.array(fileField(MSG.listing.photoRequired)),
      ],
      {
        error: MSG.listing.photoRequired,
      },
    )
    .pipe(
      z
        .array(z.custom<Buffer>())
        .min(1, { error: MSG.listing.photoRequired })
        .max(MAX_PHOTOS, { error: MSG.listing.tooManyPhotos(MAX_PHOTOS) }),
    ),
});

/** One `photo` file: a photo for an edit's `photoIds`. */
const ListingPhotoBodySchema = z.object({ photo: fileField(MSG.listing.photoRequired) });

/**
 * @fastify/multipart stops reading at its `files` limit (MAX_PHOTOS on this route, set in its
 * `config.multipartOptions`; 1 everywhere else) and throws FST_FILES_LIMIT, which would answer 413
 * "send one file at a time": on the listing form that is the photo field's rule.
 */
function tooManyPhotos(error: FastifyError): never {
  if (error.code === "FST_FILES_LIMIT") {
    throw new BadRequest(MSG.listing.tooManyPhotos(MAX_PHOTOS), {
      photo: MSG.listing.tooManyPhotos(MAX_PHOTOS),
    });
  }
  throw error;
}

/** `limiter`'s hooks are async functions; awaited as such when called from another hook. */
type AsyncHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The public reads every visitor makes (search, advertised, one listing) answer through a serializer
 * compiled from their zod response schema (decision 018); the rest through zod's own.
 */
export async function listingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["listings"];
  // Posting a listing counts its photos against the upload limit, as uploading them one by one for an
  // edit does: one before the body is read (a seller already at the limit sends nothing), the others
  // once the form is read, before any photo is processed (decision 011).
  const listingCreateLimit = uploadLimiter(app, "listing-create");
  const countOtherPhotos = async (
    request: FastifyRequest<{ Body: { photo: Buffer[] } }>,
    reply: FastifyReply,
  ) => {
    for (let i = 1; i < request.body.photo.length; i++) {
      await (listingCreateLimit as AsyncHook).call(app, request, reply);
    }
  };

  r.get(
    "/api/listings",
    {
      config: { access: "public" },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary:
          "Search the bikes of one category (or `all`): typo-forgiving `q` over brand and model, filters, " +
          "five sorts, keyset pages (24 by default) and how many match (`totalIsCapped` past 1,000)",
        querystring: ListingsQuerySchema,
        response: { 200: ListingsSearchPageSchema },
      },
    },
    async (request) => searchListings(db, request.query),
  );

  r.get(
    "/api/listings/nearby",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary:
          "For a search that found nothing: the nearest searches that find something, each one change away " +
          "(a price bound 20 % wider, or one filter left out), with how many bikes each finds",
        querystring: ListingsQuerySchema,
        response: { 200: NearbySearchesSchema },
      },
    },
    async (request) => nearbySearches(db, request.query),
  );

  r.get(
    "/api/listings/brands",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary:
          "The brands with a bike for sale, as most of their listings spell them, alphabetical: the brand filter's choices",
        response: { 200: BrandsResponseSchema },
      },
    },
    async () => ({ brands: await catalogueBrands(db) }),
  );

  r.get(
    "/api/listings/advertised",
    {
      config: { access: "public" },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: "Advertised bikes that are still for sale",
        querystring: PageQuerySchema,
        response: { 200: ListingsPageSchema },
      },
    },
    async (request) => listAdvertised(db, request.query),
  );

  r.get(
    "/api/listings/:id",
    {
      config: { access: "public" },
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: "One listing, whether the signed-in buyer has reported it, and their own order of it",
        params: IdParamsSchema,
        response: { 200: ListingDetailResponseSchema },
      },
    },
    async (request, reply) => {
      // Signed in, the answer is the viewer's own (their order, their report): no cache keeps it.
      if (request.user) reply.header("cache-control", "private, no-store");
      return listingPage(db, request.params.id, request.user, request.adminRights);
    },
  );

  r.post(
    "/api/listings",
    {
      config: { access: ["seller"], multipartOptions: { limits: { files: MAX_PHOTOS } } },
      onRequest: listingCreateLimit,
      preHandler: countOtherPhotos,
      // Thrown on to the app's error handler, which answers every error as problem+json.
      errorHandler: tooManyPhotos,
      schema: {
        tags,
        summary: `Post a bike for sale (multipart: the fields and 1 to ${MAX_PHOTOS} \`photo\` files, the first is the cover)`,
        consumes: ["multipart/form-data"],
        body: ListingCreateBodySchema,
        response: { 201: ListingResponseSchema },
      },
    },
    async (request, reply) => {
      const { photo, ...fields } = request.body;
      const listing = await createListing(db, app.images, request.user!, fields, photo);
      return reply.code(201).send({ listing });
    },
  );

  r.post(
    "/api/listings/photos",
    {
      config: { access: ["seller"] },
      onRequest: uploadLimiter(app, "listing-photo"),
      schema: {
        tags,
        summary: "Upload one photo for an edit (multipart `photo`); its `id` goes into the edit's `photoIds`",
        consumes: ["multipart/form-data"],
        body: ListingPhotoBodySchema,
        response: { 201: ListingPhotoResponseSchema },
      },
    },
    async (request, reply) => {
      const photo = await uploadListingPhoto(db, app.images, request.user!, request.body.photo);
      return reply.code(201).send({ photo });
    },
  );

  r.patch(
    "/api/listings/:id",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary: "Edit one of your unsold listings: any of its fields, and its photos in order (`photoIds`)",
        params: IdParamsSchema,
        body: ListingUpdateSchema,
        response: { 200: ListingResponseSchema },
      },
    },
    async (request) => ({
      listing: await editListing(db, request.user!, request.params.id, request.body),
    }),
  );

  r.get(
    "/api/me/listings",
    {
      config: { access: ["seller"], noStore: true },
      schema: {
        tags,
        summary:
          "The signed-in seller's listings, newest first, each with its live booking and its buyer's name",
        querystring: PageQuerySchema,
        response: { 200: MyListingsPageSchema },
      },
    },
    async (request) => sellerProducts(db, request.user!, request.query),
  );

  r.post(
    "/api/listings/:id/advertise",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary: "Advertise one of your unsold listings on the home page",
        params: IdParamsSchema,
        response: { 200: ListingResponseSchema },
      },
    },
    async (request) => ({ listing: await advertiseListing(db, request.user!, request.params.id) }),
  );

  r.delete(
    "/api/listings/:id/advertise",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary:
          "Stop advertising one of your listings (idempotent: a listing not advertised answers the same)",
        params: IdParamsSchema,
        response: { 200: ListingResponseSchema },
      },
    },
    async (request) => ({ listing: await stopAdvertisingListing(db, request.user!, request.params.id) }),
  );

  r.delete(
    "/api/listings/:id",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary: "Delete one of your unsold listings",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await deleteListing(db, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );
}
