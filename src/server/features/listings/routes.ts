import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { hasReported } from "#server/features/reports/service.ts";
import { fileField } from "#server/lib/multipart.ts";
import { uploadLimiter } from "#server/plugins/rate-limit.ts";
import { MSG } from "#shared/messages.ts";
import {
  ListingCreateFieldsSchema,
  ListingDetailResponseSchema,
  ListingResponseSchema,
  ListingsPageSchema,
  ListingsQuerySchema,
  MAX_PHOTOS,
} from "#shared/schemas/listings.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import {
  advertiseListing,
  createListing,
  deleteListing,
  getListing,
  listAdvertised,
  listingPhotosOf,
  listListings,
  listSellerListings,
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

export async function listingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["listings"];

  r.get(
    "/api/listings",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Listings of one category (or `all`), newest first, 24 a page",
        querystring: ListingsQuerySchema,
        response: { 200: ListingsPageSchema },
      },
    },
    async (request) => listListings(db, request.query),
  );

  r.get(
    "/api/listings/advertised",
    {
      config: { access: "public" },
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
      schema: {
        tags,
        summary: "One listing, and whether the signed-in buyer has reported it",
        params: IdParamsSchema,
        response: { 200: ListingDetailResponseSchema },
      },
    },
    async (request) => {
      const listing = await getListing(db, request.params.id, request.user, request.adminRights);
      const [photos, reportedByMe] = await Promise.all([
        listingPhotosOf(db, listing.id),
        hasReported(db, listing.id, request.user),
      ]);
      return { listing: { ...listing, photos }, reportedByMe, priceHint: null };
    },
  );

  r.post(
    "/api/listings",
    {
      config: { access: ["seller"] },
      onRequest: uploadLimiter(app, "listing-create"),
      schema: {
        tags,
        summary: "Post a bike for sale (multipart, with a photo)",
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

  r.get(
    "/api/me/listings",
    {
      config: { access: ["seller"], noStore: true },
      schema: {
        tags,
        summary: "The signed-in seller's listings, newest first",
        querystring: PageQuerySchema,
        response: { 200: ListingsPageSchema },
      },
    },
    async (request) => listSellerListings(db, request.user!.id, request.query),
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
